import { CAMPAIGN_STATUSES, type CampaignDetail, createCampaignBodySchema, orgRefSchema } from '@fc/contracts';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { amountError, amountInput, amountToCents, parseAmount } from '../../../../lib/money';

const S = createCampaignBodySchema.shape;
const divisionOption = z.object({ id: z.number().int(), name: z.string(), teamName: z.string() });
const blankOr = <T extends z.ZodType>(schema: T) => z.union([z.literal(''), schema]);

/**
 * The campaign form: the contract's fields, with amounts typed in dollars (sent as integer
 * cents) and blank optional text sent as null.
 */
export function campaignFormSchema(t: TFunction, mode: 'create' | 'edit') {
  return z
    .object({
      title: S.title,
      slug: S.slug,
      status: z.enum(CAMPAIGN_STATUSES),
      owner: orgRefSchema.nullable(),
      divisions: z.array(divisionOption),
      startDate: z.string(),
      endDate: z.string(),
      goal: z.string(),
      playerGoal: z.string(),
      shortDescription: blankOr(z.string().trim().max(300)),
      story: blankOr(z.string().trim().max(20000)),
    })
    .superRefine((v, ctx) => {
      if (mode === 'create' && !v.owner)
        ctx.addIssue({ code: 'custom', path: ['owner'], message: t('campaigns.form.ownerRequired') });
      const invalid = t('campaigns.form.amountInvalid');
      const goal = amountError(t, parseAmount(v.goal), invalid);
      if (goal) ctx.addIssue({ code: 'custom', path: ['goal'], message: goal });
      const playerGoal = v.playerGoal.trim() ? amountError(t, parseAmount(v.playerGoal), invalid) : null;
      if (playerGoal) ctx.addIssue({ code: 'custom', path: ['playerGoal'], message: playerGoal });
      if (v.startDate && v.endDate && v.startDate > v.endDate)
        ctx.addIssue({ code: 'custom', path: ['endDate'], message: t('campaigns.form.endBeforeStart') });
    });
}

export type CampaignFormValues = z.input<ReturnType<typeof campaignFormSchema>>;

/** Form fields that a server error path (`body.<field>`) can point at. */
export const FORM_FIELDS = [
  'title',
  'slug',
  'status',
  'owner',
  'divisions',
  'startDate',
  'endDate',
  'goal',
  'playerGoal',
  'shortDescription',
  'story',
] as const;
export const FIELD_ALIASES = {
  organizationId: 'owner',
  divisionIds: 'divisions',
  goalCents: 'goal',
  playerGoalCents: 'playerGoal',
};

export const emptyValues: CampaignFormValues = {
  title: '',
  slug: '',
  status: 'draft',
  owner: null,
  divisions: [],
  startDate: '',
  endDate: '',
  goal: '',
  playerGoal: '',
  shortDescription: '',
  story: '',
};

export function valuesOf(c: CampaignDetail): CampaignFormValues {
  return {
    title: c.title,
    slug: c.slug,
    status: c.status,
    owner: null,
    divisions: c.divisions.map((d) => ({ id: d.id, name: d.name, teamName: '' })),
    startDate: c.startDate?.slice(0, 10) ?? '',
    endDate: c.endDate?.slice(0, 10) ?? '',
    goal: amountInput(c.goalCents),
    playerGoal: amountInput(c.playerGoalCents),
    shortDescription: c.shortDescription ?? '',
    story: c.story ?? '',
  };
}

const orNull = (v: string) => (v.trim() === '' ? null : v.trim());

/** The fields both POST /campaign/ and PUT /campaign/ take. */
export function bodyOf(v: CampaignFormValues) {
  return {
    title: v.title.trim(),
    slug: v.slug.trim().toLowerCase(),
    status: v.status,
    divisionIds: v.divisions.map((d) => d.id),
    startDate: orNull(v.startDate),
    endDate: orNull(v.endDate),
    goalCents: amountToCents(v.goal) ?? 0,
    playerGoalCents: v.playerGoal.trim() ? amountToCents(v.playerGoal) : null,
    shortDescription: orNull(v.shortDescription ?? ''),
    story: orNull(v.story ?? ''),
  };
}

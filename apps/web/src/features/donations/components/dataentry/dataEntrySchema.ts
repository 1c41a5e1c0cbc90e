import {
  type CampaignFundraiser,
  emailSchema,
  MAX_AMOUNT_CENTS,
  type OfflineDonationBody,
  personNameSchema,
} from '@fc/contracts';
import type { TFunction } from 'i18next';
import { z } from 'zod';
import { amountError, amountToCents, parseAmount } from '../../../../lib/money';
import { todayIso } from '../shared/format';

/** The offline gift form: the contract's fields, the amount typed in dollars (sent as cents). */
export function dataEntrySchema(t: TFunction) {
  return z
    .object({
      campaignId: z.number().int().nullable(),
      player: z.custom<CampaignFundraiser>().nullable(),
      amount: z.string(),
      firstName: personNameSchema,
      lastName: personNameSchema,
      email: z.string().trim().pipe(emailSchema),
      offlineMethod: z.enum(['cash', 'check']),
      reference: z.string().trim().max(120),
      receivedOn: z.string(),
      anonymous: z.boolean(),
      message: z.string().trim().max(500),
      sendReceipt: z.boolean(),
      language: z.enum(['en', 'es']),
    })
    .superRefine((v, ctx) => {
      if (!v.campaignId)
        ctx.addIssue({ code: 'custom', path: ['campaignId'], message: t('donations.dataEntry.campaignRequired') });
      const read = parseAmount(v.amount);
      const refused = amountError(t, read, t('donations.dataEntry.amountInvalid'));
      if (refused || !read.ok || read.cents < 100 || read.cents > MAX_AMOUNT_CENTS)
        ctx.addIssue({ code: 'custom', path: ['amount'], message: refused ?? t('donations.dataEntry.amountInvalid') });
      if (v.receivedOn && v.receivedOn > todayIso())
        ctx.addIssue({ code: 'custom', path: ['receivedOn'], message: t('donations.dataEntry.futureDate') });
    });
}

export type DataEntryValues = z.input<ReturnType<typeof dataEntrySchema>>;

export const FORM_FIELDS = [
  'campaignId',
  'player',
  'amount',
  'firstName',
  'lastName',
  'email',
  'offlineMethod',
  'reference',
  'receivedOn',
  'anonymous',
  'message',
  'sendReceipt',
  'language',
] as const;
export const FIELD_ALIASES = { amountCents: 'amount', campaignFundraiserId: 'player' };

export function emptyValues(language: 'en' | 'es'): DataEntryValues {
  return {
    campaignId: null,
    player: null,
    amount: '',
    firstName: '',
    lastName: '',
    email: '',
    offlineMethod: 'check',
    reference: '',
    receivedOn: todayIso(),
    anonymous: false,
    message: '',
    sendReceipt: true,
    language,
  };
}

export function bodyOf(v: DataEntryValues): OfflineDonationBody {
  const reference = v.reference.trim();
  const message = v.message.trim();
  return {
    campaignId: v.campaignId ?? 0,
    ...(v.player ? { campaignFundraiserId: v.player.id } : {}),
    amountCents: amountToCents(v.amount) ?? 0,
    firstName: v.firstName.trim(),
    lastName: v.lastName.trim(),
    email: v.email.trim().toLowerCase(),
    anonymous: v.anonymous,
    ...(message ? { message } : {}),
    offlineMethod: v.offlineMethod,
    ...(reference ? { reference } : {}),
    ...(v.receivedOn ? { receivedOn: v.receivedOn } : {}),
    sendReceipt: v.sendReceipt,
    language: v.language,
  };
}

import { type FundraiserCampaign, slugSchema, updateFundraiserCampaignBodySchema } from '@fc/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Box, Stack, TextField } from '@mui/material';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormButtons, MutationErrorAlert } from '../../../../components/ui/FormDialog';
import { moneyAdornment } from '../../../../components/ui/moneyAdornment';
import { useToast } from '../../../../components/ui/ToastProvider';
import { isApiError } from '../../../../lib/api/errors';
import { applyFieldErrors } from '../../../../lib/api/forms';
import { translateFieldError, zodErrorMap } from '../../../../lib/i18n/validation';
import { amountInput, amountToCents } from '../../../../lib/money';
import { useUpdateFundraiserCampaign } from '../../api/fundraiser-campaign';
import { dollarsSchema } from './money-input';
import { PageAddressField, usePageSlugStatus } from './PageAddressField';

const REASON_MAX = 2000;
const schema = z.object({
  goal: dollarsSchema,
  fundraisingReason: updateFundraiserCampaignBodySchema.shape.fundraisingReason.unwrap().unwrap(),
  slug: slugSchema,
});
type Input = z.input<typeof schema>;
type Output = z.output<typeof schema>;
const FIELDS = ['goal', 'fundraisingReason', 'slug'] as const;
const ALIASES = { goalCents: 'goal' };

const valuesOf = (c: FundraiserCampaign): Input => ({
  goal: c.goalCents > 0 ? amountInput(c.goalCents) : '',
  fundraisingReason: c.fundraisingReason ?? '',
  slug: c.slug,
});

interface PageSettingsFormProps {
  playerId: number;
  campaign: FundraiserCampaign;
  playerName: string;
}

/** Personal goal (dollars, sent as cents), why the player is raising money, and the page address. */
export function PageSettingsForm({ playerId, campaign, playerName }: PageSettingsFormProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const mutation = useUpdateFundraiserCampaign(playerId, campaign.campaignId);
  const form = useForm<Input, unknown, Output>({
    resolver: zodResolver(schema, { error: zodErrorMap(t) }),
    defaultValues: valuesOf(campaign),
  });
  const { errors, isDirty } = form.formState;
  const [slug, reason] = form.watch(['slug', 'fundraisingReason']);
  const slugCheck = usePageSlugStatus(slug, campaign.id, campaign.slug);
  const goalError = errors.goal?.message;
  const { ref: goalRef, ...goalField } = form.register('goal');
  const { ref: reasonRef, ...reasonField } = form.register('fundraisingReason');

  const onSubmit = form.handleSubmit((v) => {
    if (slugCheck.status === 'taken' || slugCheck.status === 'invalid') {
      form.setFocus('slug');
      return;
    }
    mutation.mutate(
      {
        goalCents: v.goal === '' ? 0 : (amountToCents(v.goal) ?? 0),
        fundraisingReason: v.fundraisingReason.trim() === '' ? null : v.fundraisingReason,
        ...(v.slug !== campaign.slug ? { slug: v.slug } : {}),
      },
      {
        onSuccess: (res) => {
          toast.success(t('fundraisers.page.saved'));
          form.reset(valuesOf(res.data));
        },
        onError: (error) => {
          if (isApiError(error) && error.code === 'SLUG_TAKEN') {
            form.setError('slug', { type: 'server', message: t('fundraisers.page.slugTaken') }, { shouldFocus: true });
            return;
          }
          applyFieldErrors(error, form.setError, FIELDS, ALIASES);
        },
      },
    );
  });

  return (
    <Box component="form" onSubmit={onSubmit} noValidate data-testid="page-settings-form">
      <Stack spacing={2.5}>
        <MutationErrorAlert mutation={mutation} testId="page-settings-error" />
        <TextField
          {...goalField}
          inputRef={goalRef}
          label={t('fundraisers.page.goal')}
          error={Boolean(goalError)}
          helperText={
            goalError
              ? /^(fundraisers|money)\./.test(goalError)
                ? t(goalError)
                : goalError
              : t('fundraisers.page.goalHint')
          }
          sx={{ maxWidth: { sm: 320 } }}
          slotProps={{
            input: moneyAdornment(),
            htmlInput: { inputMode: 'decimal', 'data-testid': 'page-goal' },
          }}
        />
        <TextField
          {...reasonField}
          inputRef={reasonRef}
          label={t('fundraisers.page.reason')}
          placeholder={t('fundraisers.page.reasonPlaceholder', { name: playerName })}
          multiline
          minRows={4}
          fullWidth
          error={Boolean(errors.fundraisingReason)}
          helperText={
            translateFieldError(t, errors.fundraisingReason?.message) ??
            t('fundraisers.page.reasonCount', { n: reason.length, max: REASON_MAX })
          }
          slotProps={{
            htmlInput: { maxLength: REASON_MAX, 'data-testid': 'page-reason' },
            formHelperText: errors.fundraisingReason ? undefined : { sx: { textAlign: 'right' } },
          }}
        />
        <Controller
          control={form.control}
          name="slug"
          render={({ field }) => (
            <PageAddressField
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              inputRef={field.ref}
              error={errors.slug?.message}
              check={slugCheck}
            />
          )}
        />
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', gap: 1 }}>
          <FormButtons
            onCancel={isDirty ? () => form.reset(valuesOf(campaign)) : undefined}
            submitLabel={t('common.save')}
            submitTestId="page-settings-save"
            busy={mutation.isPending || !isDirty || slugCheck.status === 'checking'}
          />
        </Box>
      </Stack>
    </Box>
  );
}

import type { DonationDetail } from '@fc/contracts';
import { zodResolver } from '@hookform/resolvers/zod';
import { Alert, Box, Button, FormHelperText } from '@mui/material';
import { useMemo, useState } from 'react';
import { useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { z } from 'zod';
import { FormDialog } from '../../../../components/ui/FormDialog';
import { FormTextField } from '../../../../components/ui/FormFields';
import { moneyAdornment } from '../../../../components/ui/moneyAdornment';
import { useToast } from '../../../../components/ui/ToastProvider';
import { applyFieldErrors } from '../../../../lib/api/forms';
import { zodErrorMap } from '../../../../lib/i18n/validation';
import { amountError, amountInput, amountToCents, parseAmount } from '../../../../lib/money';
import { useRefundDonation } from '../../api/refund-donation';
import { useMoney } from '../shared/format';
import { newRequestKey } from '../shared/requestKey';

const FIELDS = ['amount', 'reason'] as const;
const ALIASES = { amountCents: 'amount' };

/** How a refund of `cents` splits: the gift first, then the fee the donor covered. */
export function refundSplit(d: DonationDetail, cents: number) {
  const giftLeft = Math.max(0, d.amountCents - d.refundedCents);
  const gift = Math.min(cents, giftLeft);
  return { gift, fee: cents - gift, netAfter: Math.max(0, d.netCents - gift) };
}

/**
 * POST /donation/{id}/refund: all of what is left or part of it, with a reason. The amount starts
 * empty (issue 12: a pre-filled full amount was one click from refunding everything): staff type
 * it, or take the whole remainder with the "Refund all" button; the maximum is shown under the
 * field. Mounted only while open: its request key is made once per opening, so a double submit is
 * one refund. The submit button states the exact amount (the confirmation).
 */
export function RefundDialog({ donation: d, onClose }: { donation: DonationDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const money = useMoney();
  const mutation = useRefundDonation(d.id);
  const [requestKey] = useState(newRequestKey);
  const max = d.refundableCents;
  const schema = useMemo(
    () =>
      z.object({
        amount: z.string().superRefine((v, ctx) => {
          const read = parseAmount(v);
          const refused = amountError(t, read, t('donations.refund.amountInvalid'));
          if (refused || !read.ok || read.cents < 1)
            ctx.addIssue({ code: 'custom', message: refused ?? t('donations.refund.amountInvalid') });
          else if (read.cents > max)
            ctx.addIssue({ code: 'custom', message: t('donations.refund.amountTooLarge', { max: money(max) }) });
        }),
        reason: z.string().trim().min(3, t('donations.reasonRequired')).max(500),
      }),
    [t, max, money],
  );
  type Values = z.infer<typeof schema>;
  const form = useForm<Values>({
    resolver: zodResolver(schema, { error: zodErrorMap(t) }),
    defaultValues: { amount: '', reason: '' },
  });
  const { errors } = form.formState;
  const typed = amountToCents(useWatch({ control: form.control, name: 'amount' }) ?? '');
  const cents = typed !== null && typed >= 1 && typed <= max ? typed : null;
  const split = cents === null ? null : refundSplit(d, cents);

  const onSubmit = form.handleSubmit((v) => {
    const amount = amountToCents(v.amount);
    if (amount === null) return; // refused by the schema already
    mutation.mutate(
      // The whole remainder is sent as "everything" (no amount), as the API defines a full refund.
      { ...(amount >= max ? {} : { amountCents: amount }), reason: v.reason.trim(), requestKey },
      {
        onSuccess: () => {
          toast.success(t('donations.refund.done', { amount: money(amount) }));
          onClose();
        },
        onError: (error) => {
          applyFieldErrors(error, form.setError, FIELDS, ALIASES);
        },
      },
    );
  });

  return (
    <FormDialog
      onClose={onClose}
      onSubmit={onSubmit}
      testId="refund-dialog"
      titleId="refund-dialog-title"
      title={t('donations.refund.title')}
      mutation={mutation}
      errorTestId="refund-error"
      submitLabel={
        cents === null ? t('donations.refund.submitPlain') : t('donations.refund.submit', { amount: money(cents) })
      }
      submitTestId="refund-confirm"
    >
      <Alert severity="info">{t('donations.refund.explain', { max: money(max) })}</Alert>
      <Box sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: 'wrap' }}>
        <Box sx={{ flex: '1 1 180px' }}>
          <FormTextField
            {...form.register('amount')}
            label={t('donations.refund.amount')}
            required
            autoFocus
            fullWidth
            inputMode="decimal"
            fieldError={errors.amount}
            slotProps={{ input: moneyAdornment() }}
            testId="refund-amount"
          />
          {errors.amount ? null : (
            <FormHelperText sx={{ mx: 1.75 }} data-testid="refund-max">
              {t('donations.refund.maxHint', { max: money(max) })}
            </FormHelperText>
          )}
        </Box>
        <Button
          onClick={() => form.setValue('amount', amountInput(max), { shouldValidate: true })}
          sx={{ mt: 1 }}
          data-testid="refund-full"
        >
          {t('donations.refund.full', { amount: money(max) })}
        </Button>
      </Box>
      <FormTextField
        {...form.register('reason')}
        label={t('donations.reason')}
        required
        fullWidth
        multiline
        minRows={2}
        fieldError={errors.reason}
        testId="refund-reason"
      />
      {split && cents !== null ? (
        <Alert severity="warning" data-testid="refund-summary">
          {t(cents >= max ? 'donations.refund.summaryFull' : 'donations.refund.summary', {
            amount: money(cents),
            name: d.donorName,
            gift: money(split.gift),
            fee: money(split.fee),
          })}{' '}
          {d.status === 1 ? t('donations.refund.netAfter', { net: money(split.netAfter) }) : null}
        </Alert>
      ) : null}
    </FormDialog>
  );
}

import { type AffiliateDetail, declinePayoutBodySchema, payCommissionsBodySchema } from '@fc/contracts';
import { Alert, Button, Dialog, DialogActions, DialogContent, DialogTitle } from '@mui/material';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../../components/ui/FormDialog';
import { FormTextField } from '../../../../components/ui/FormFields';
import { useToast } from '../../../../components/ui/ToastProvider';
import { applyFieldErrors } from '../../../../lib/api/forms';
import { fullName, useMoney } from '../../../../lib/format';
import { useDeclinePayout, usePayCommissions } from '../../api/actions';
import { checkBody } from '../shared/validate';

/**
 * "Mark paid" (Super Admin): POST /affiliate/{id}/commissions/pay with the payment's reference;
 * the approved commissions become paid, open clawbacks are taken off, and the answer is shown.
 */
export function PayDialog({ affiliate: a, onClose }: { affiliate: AffiliateDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const money = useMoney();
  const mutation = usePayCommissions(a.id);
  const form = useForm<{ reference: string }>({ defaultValues: { reference: '' } });
  const [paid, setPaid] = useState<{ paidCount: number; paidCents: number; clawbackCents: number } | null>(null);
  const onSubmit = form.handleSubmit((v) => {
    const body = checkBody(payCommissionsBodySchema, { reference: v.reference.trim() }, form.setError, t);
    if (!body) return;
    mutation.mutate(body.reference, {
      onSuccess: (res) => setPaid(res.data),
      onError: (error) => applyFieldErrors(error, form.setError, ['reference']),
    });
  });
  if (paid)
    return (
      <Dialog open onClose={onClose} aria-labelledby="pay-done-title" data-testid="pay-done">
        <DialogTitle id="pay-done-title">{t('affiliates.pay.doneTitle')}</DialogTitle>
        <DialogContent>
          <Alert severity="success" data-testid="pay-result">
            {t('affiliates.pay.done', { count: paid.paidCount, amount: money(paid.paidCents) })}
            {paid.clawbackCents > 0 ? ` ${t('affiliates.pay.clawback', { amount: money(paid.clawbackCents) })}` : ''}
          </Alert>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} variant="contained" autoFocus>
            {t('common.close')}
          </Button>
        </DialogActions>
      </Dialog>
    );
  return (
    <FormDialog
      onClose={onClose}
      onSubmit={onSubmit}
      testId="pay-dialog"
      titleId="pay-dialog-title"
      title={t('affiliates.pay.title', { name: fullName(a.first_name, a.last_name) })}
      mutation={mutation}
      errorTestId="pay-error"
      submitLabel={t('affiliates.pay.submit', { amount: money(a.balances.payableCents) })}
      submitTestId="pay-submit"
    >
      <Alert severity="info">
        {t('affiliates.pay.explain', {
          approved: money(a.balances.approvedCents),
          clawback: money(a.balances.clawbackCents),
          payable: money(a.balances.payableCents),
        })}
        {a.payoutMethod
          ? ` ${t('affiliates.pay.to', { method: t(`affiliates.payoutMethod.${a.payoutMethod}`), to: a.payoutTo ?? '' })}`
          : ''}
      </Alert>
      <FormTextField
        {...form.register('reference')}
        label={t('affiliates.fields.reference')}
        required
        autoFocus
        fullWidth
        fieldError={form.formState.errors.reference}
        testId="pay-reference"
      />
    </FormDialog>
  );
}

/** Decline the open payout request with a reason (POST /affiliate/{id}/payout-request/decline). */
export function DeclineDialog({ affiliate: a, onClose }: { affiliate: AffiliateDetail; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const mutation = useDeclinePayout(a.id);
  const form = useForm<{ reason: string }>({ defaultValues: { reason: '' } });
  const onSubmit = form.handleSubmit((v) => {
    const body = checkBody(declinePayoutBodySchema, { reason: v.reason.trim() }, form.setError, t);
    if (!body) return;
    mutation.mutate(body.reason, {
      onSuccess: () => {
        toast.success(t('affiliates.decline.done'));
        onClose();
      },
      onError: (error) => applyFieldErrors(error, form.setError, ['reason']),
    });
  });
  return (
    <FormDialog
      onClose={onClose}
      onSubmit={onSubmit}
      testId="decline-dialog"
      titleId="decline-dialog-title"
      title={t('affiliates.decline.title')}
      mutation={mutation}
      errorTestId="decline-error"
      submitLabel={t('affiliates.decline.submit')}
      submitTestId="decline-submit"
    >
      <FormTextField
        {...form.register('reason')}
        label={t('affiliates.fields.reason')}
        required
        autoFocus
        multiline
        minRows={3}
        fullWidth
        fieldError={form.formState.errors.reason}
        testId="decline-reason"
      />
    </FormDialog>
  );
}

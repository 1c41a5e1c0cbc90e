import type { PayoutOverview } from '@fc/contracts';
import { Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../../components/ui/FormDialog';
import { FormTextField } from '../../../../components/ui/FormFields';
import { moneyAdornment } from '../../../../components/ui/moneyAdornment';
import { useToast } from '../../../../components/ui/ToastProvider';
import { amountError, amountInput, amountToCents, parseAmount } from '../../../../lib/money';
import { useCreatePayout } from '../../api/create-payout';
import { useMoney } from '../shared/format';

/** POST /stripe/{account}/payout: all that is available (blank amount) or part of it, confirmed by amount. */
export function PayoutDialog({ overview, onClose }: { overview: PayoutOverview; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const money = useMoney();
  const mutation = useCreatePayout(overview.organizationId);
  const [amount, setAmount] = useState('');
  const [error, setError] = useState<string | undefined>();
  const available = overview.balances.availableCents;
  const typed = amount.trim() ? amountToCents(amount) : null;
  const cents = amount.trim() ? typed : available;
  const valid = cents !== null && cents >= 100 && cents <= available;
  const accountId = overview.account?.accountId ?? '';

  return (
    <FormDialog
      onClose={onClose}
      onSubmit={(e) => {
        e.preventDefault();
        if (!valid) {
          const generic = t('donations.payouts.amountInvalid', { max: money(available) });
          setError(amount.trim() ? (amountError(t, parseAmount(amount), generic) ?? generic) : generic);
          return;
        }
        mutation.mutate(
          { accountId, ...(amount.trim() && cents !== available ? { amountCents: cents } : {}) },
          {
            onSuccess: () => {
              toast.success(t('donations.payouts.paidOut', { amount: money(cents) }));
              onClose();
            },
          },
        );
      }}
      testId="payout-dialog"
      titleId="payout-dialog-title"
      title={t('donations.payouts.payoutTitle')}
      mutation={mutation}
      submitLabel={
        valid ? t('donations.payouts.payoutSubmit', { amount: money(cents) }) : t('donations.payouts.payout')
      }
      submitTestId="payouts-payout-confirm"
      maxWidth="xs"
    >
      <Typography>{t('donations.payouts.payoutBody', { amount: money(available), account: accountId })}</Typography>
      <FormTextField
        label={t('donations.payouts.amount')}
        value={amount}
        onChange={(e) => {
          setAmount(e.target.value);
          setError(undefined);
        }}
        inputMode="decimal"
        autoFocus
        fullWidth
        fieldError={error ? { message: error } : undefined}
        placeholder={amountInput(available)}
        slotProps={{ input: moneyAdornment() }}
        testId="payouts-amount"
      />
      <Typography variant="body2" color="text.secondary">
        {t('donations.payouts.amountHelp')}
      </Typography>
    </FormDialog>
  );
}

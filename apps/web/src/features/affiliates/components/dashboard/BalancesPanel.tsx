import type { AffiliateDashboard } from '@fc/contracts';
import { Alert, Box, Button, Card, CardContent, Stack, TextField, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Figure } from '../../../../components/ui/Figure';
import { FormDialog } from '../../../../components/ui/FormDialog';
import { useToast } from '../../../../components/ui/ToastProvider';
import { useCalendarDate, useMoney } from '../../../../lib/format';
import { useRequestPayout } from '../../api/actions';

/** Why a payout cannot be asked for now, or null when it can (decision 018: payable ≥ minimum, none open). */
export function payoutBlock(
  d: Pick<AffiliateDashboard, 'balances' | 'openPayoutRequest'>,
): 'open' | 'nothing' | 'minimum' | null {
  if (d.openPayoutRequest) return 'open';
  if (d.balances.payableCents <= 0) return 'nothing';
  if (d.balances.payableCents < d.balances.minPayoutCents) return 'minimum';
  return null;
}

/** The all-time balances and "Request payout" (POST /affiliate/{id}/payout-request), with why it is off when it is. */
export function BalancesPanel({ d, affiliateId }: { d: AffiliateDashboard; affiliateId: number }) {
  const { t } = useTranslation();
  const toast = useToast();
  const money = useMoney();
  const day = useCalendarDate();
  const mutation = useRequestPayout(affiliateId);
  const [asking, setAsking] = useState(false);
  const [note, setNote] = useState('');
  const b = d.balances;
  const block = payoutBlock(d);
  const reason =
    block === 'open' && d.openPayoutRequest
      ? t('affiliates.payout.open', {
          amount: money(d.openPayoutRequest.amountCents),
          date: day(d.openPayoutRequest.createdAt),
        })
      : block === 'nothing'
        ? t('affiliates.payout.nothing')
        : block === 'minimum'
          ? t('affiliates.payout.minimum', { payable: money(b.payableCents), minimum: money(b.minPayoutCents) })
          : t('affiliates.payout.ready', { amount: money(b.payableCents) });
  return (
    <Card data-testid="dash-balances">
      <CardContent>
        <Stack direction={{ xs: 'column', sm: 'row' }} sx={{ gap: 2, mb: 2, alignItems: { sm: 'center' } }}>
          <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
            {t('affiliates.balances.title')}
          </Typography>
          <Button
            variant="contained"
            disabled={block !== null}
            onClick={() => setAsking(true)}
            aria-describedby="payout-reason"
            data-testid="payout-request"
          >
            {t('affiliates.payout.button')}
          </Button>
        </Stack>
        <Stack direction="row" sx={{ flexWrap: 'wrap', columnGap: 4, rowGap: 2 }}>
          <Figure label={t('affiliates.balances.pending')} value={money(b.pendingCents)} />
          <Figure label={t('affiliates.balances.approved')} value={money(b.approvedCents)} />
          <Figure label={t('affiliates.balances.paid')} value={money(b.paidCents)} />
          <Figure label={t('affiliates.balances.clawback')} value={money(b.clawbackCents)} />
          <Figure label={t('affiliates.balances.payable')} value={money(b.payableCents)} testId="dash-payable" />
        </Stack>
        <Box sx={{ mt: 2 }}>
          <Alert severity={block === null ? 'success' : 'info'} id="payout-reason" data-testid="payout-reason">
            {reason}
          </Alert>
        </Box>
      </CardContent>
      {asking ? (
        <FormDialog
          onClose={() => setAsking(false)}
          onSubmit={(e) => {
            e.preventDefault();
            mutation.mutate(note.trim() || null, {
              onSuccess: () => {
                toast.success(t('affiliates.payout.done'));
                setAsking(false);
              },
            });
          }}
          testId="payout-dialog"
          titleId="payout-dialog-title"
          title={t('affiliates.payout.title', { amount: money(b.payableCents) })}
          mutation={mutation}
          errorTestId="payout-error"
          submitLabel={t('affiliates.payout.submit')}
          submitTestId="payout-submit"
          maxWidth="xs"
        >
          <Typography variant="body2">{t('affiliates.payout.explain')}</Typography>
          <TextField
            label={t('affiliates.fields.note')}
            value={note}
            onChange={(e) => setNote(e.target.value)}
            multiline
            minRows={2}
            fullWidth
            slotProps={{ htmlInput: { maxLength: 1000, 'data-testid': 'payout-note' } }}
          />
        </FormDialog>
      ) : null}
    </Card>
  );
}

import type { DonationDetail } from '@fc/contracts';
import ArrowBackIcon from '@mui/icons-material/ArrowBack';
import EditNoteIcon from '@mui/icons-material/EditNote';
import ReplayIcon from '@mui/icons-material/Replay';
import SendIcon from '@mui/icons-material/Send';
import { Box, Button, Card, CardContent, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useParams } from 'react-router';
import { LoadingScreen } from '../../../../components/ui/LoadingScreen';
import { ErrorState } from '../../../../components/ui/States';
import { useToast } from '../../../../components/ui/ToastProvider';
import { errorMessage, isApiError } from '../../../../lib/api/errors';
import { useAuth } from '../../../../lib/auth/AuthProvider';
import { useDonation } from '../../api/get-donation';
import { useResendReceipt } from '../../api/resend-receipt';
import { DonationStatusChip } from '../shared/DonationStatusChip';
import { useDateTime, useMoney } from '../shared/format';
import { NotFoundCard } from '../shared/NotFoundCard';
import { AmountsCard } from './AmountsCard';
import { DonorCard, PaymentCard } from './DetailsCard';
import { RefundDialog } from './RefundDialog';
import { RefundsCard } from './RefundsCard';
import { StatusDialog } from './StatusDialog';
import { TimelineCard } from './TimelineCard';

/** The actions `can` allows: change status, resend the receipt, refund. */
function Actions({ donation: d }: { donation: DonationDetail }) {
  const { t } = useTranslation();
  const toast = useToast();
  const resend = useResendReceipt(d.id);
  const [dialog, setDialog] = useState<'refund' | 'status' | null>(null);
  const canStatus = d.can.changeStatus && d.allowedStatuses.length > 0;
  const canRefund = d.can.refund && d.refundableCents > 0;
  // The dialogs stay mounted when the answer removes the last action (a status change can).
  const any = canStatus || d.can.resendReceipt || canRefund;
  return (
    <>
      {any ? (
        <Stack
          direction={{ xs: 'column', sm: 'row' }}
          spacing={1}
          sx={{ alignSelf: { xs: 'stretch', md: 'center' }, flexShrink: 0 }}
        >
          {d.can.resendReceipt ? (
            <Button
              variant="outlined"
              startIcon={<SendIcon />}
              disabled={resend.isPending}
              onClick={() =>
                resend.mutate(undefined, {
                  onSuccess: (res) => toast.success(res.message || t('donations.view.receiptSent')),
                  onError: (error) => toast.error(errorMessage(error, t('errors.generic'))),
                })
              }
              data-testid="donation-resend-receipt"
            >
              {t('donations.view.resendReceipt')}
            </Button>
          ) : null}
          {canStatus ? (
            <Button
              variant="outlined"
              startIcon={<EditNoteIcon />}
              onClick={() => setDialog('status')}
              data-testid="donation-status-button"
            >
              {t('donations.view.changeStatus')}
            </Button>
          ) : null}
          {canRefund ? (
            <Button
              variant="contained"
              color="error"
              startIcon={<ReplayIcon />}
              onClick={() => setDialog('refund')}
              data-testid="donation-refund-button"
            >
              {t('donations.view.refund')}
            </Button>
          ) : null}
        </Stack>
      ) : null}
      {dialog === 'refund' ? <RefundDialog donation={d} onClose={() => setDialog(null)} /> : null}
      {dialog === 'status' ? <StatusDialog donation={d} onClose={() => setDialog(null)} /> : null}
    </>
  );
}

/** /donations/view/{id}: amounts, donor, payment, timeline and refunds, and the allowed actions. */
export function DonationViewPage() {
  const { t } = useTranslation();
  const { user } = useAuth();
  const money = useMoney();
  const dateTime = useDateTime();
  const { id } = useParams();
  const donationId = Number(id);
  const query = useDonation(donationId);

  if (!Number.isInteger(donationId) || donationId <= 0 || (isApiError(query.error) && query.error.status === 404))
    return <NotFoundCard kind="donation" />;
  if (query.isPending) return <LoadingScreen />;
  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;

  const d = query.data.data;
  const mine = user?.role === 'donor';
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Box>
        <Button component={RouterLink} to="/donations/list" startIcon={<ArrowBackIcon />} size="small" sx={{ mb: 1 }}>
          {mine ? t('donations.backToMine') : t('donations.backToList')}
        </Button>
        <Card data-testid="donation-header">
          <CardContent>
            <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ alignItems: { md: 'center' } }}>
              <Box sx={{ flexGrow: 1, minWidth: 0 }}>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
                  <Typography variant="h5" component="h1">
                    {t('donations.view.title', { amount: money(d.amountCents), name: d.donorName })}
                  </Typography>
                  <DonationStatusChip status={d.status} refundedCents={d.refundedCents} />
                </Stack>
                <Typography color="text.secondary" sx={{ mt: 0.5 }}>
                  {t('donations.view.subtitle', {
                    // A node's sponsorship payment may name no campaign (decision 019): its node then.
                    campaign: d.campaignTitle ?? d.organizationName,
                    date: dateTime(d.createdAt),
                    receipt: d.receiptNumber ?? `#${d.id}`,
                  })}
                </Typography>
              </Box>
              <Actions donation={d} />
            </Stack>
          </CardContent>
        </Card>
      </Box>
      <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', lg: '1fr 1fr' }, alignItems: 'start' }}>
        <Box sx={{ display: 'grid', gap: 3 }}>
          <AmountsCard donation={d} />
          <DonorCard donation={d} />
        </Box>
        <Box sx={{ display: 'grid', gap: 3 }}>
          <PaymentCard donation={d} />
          <TimelineCard donation={d} />
          <RefundsCard donation={d} />
        </Box>
      </Box>
    </Box>
  );
}

import type { OrgDetail, PayoutOverview } from '@fc/contracts';
import AccountBalanceIcon from '@mui/icons-material/AccountBalance';
import LinkIcon from '@mui/icons-material/Link';
import OpenInNewIcon from '@mui/icons-material/OpenInNew';
import SwapHorizIcon from '@mui/icons-material/SwapHoriz';
import { Alert, Box, Button, Card, CardContent, Chip, Skeleton, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { ConfirmDialog } from '../../../../components/ui/ConfirmDialog';
import { ErrorState } from '../../../../components/ui/States';
import { useToast } from '../../../../components/ui/ToastProvider';
import { errorMessage } from '../../../../lib/api/errors';
import { useCompleteSetup } from '../../api/complete-setup';
import { usePayouts } from '../../api/get-payouts';
import { useProcessTransfers } from '../../api/process-transfers';
import { readableChipSx } from '../shared/DonationStatusChip';
import { useMoney } from '../shared/format';
import { PayoutDialog } from './PayoutDialog';
import { PayoutHistory } from './PayoutHistory';

const ACCOUNT_COLOR = { pending: 'warning', verified: 'success', restricted: 'error' } as const;

function Balance({ label, help, value, testId }: { label: string; help: string; value: string; testId: string }) {
  return (
    <Card variant="outlined">
      <CardContent>
        <Typography color="text.secondary" variant="body2" component="h3">
          {label}
        </Typography>
        <Typography variant="h5" component="p" sx={{ fontWeight: 600 }} data-testid={testId}>
          {value}
        </Typography>
        <Typography variant="caption" color="text.secondary">
          {help}
        </Typography>
      </CardContent>
    </Card>
  );
}

/** The payout account: none yet, verification pending (Stripe's onboarding link), verified or restricted. */
/** The five balances shown, in order: field, label and help keys (under donations.payouts), test id. */
const BALANCES = [
  ['availableCents', 'available', 'availableHelp', 'payouts-available'],
  ['pendingCents', 'pending', 'pendingHelp', 'payouts-pending'],
  ['paidOutCents', 'paidOutLabel', 'paidOutHelp', 'payouts-paid-out'],
  ['offlineCents', 'offline', 'offlineHelp', 'payouts-offline'],
  ['feesCents', 'fees', 'feesHelp', 'payouts-fees'],
] as const;

function AccountBox({ overview, nodeName }: { overview: PayoutOverview; nodeName: string }) {
  const { t } = useTranslation();
  const toast = useToast();
  const setup = useCompleteSetup(overview.organizationId);
  const [confirming, setConfirming] = useState(false);
  const { account } = overview;
  const connectLabel = account ? t('donations.payouts.refresh') : t('donations.payouts.connect');
  return (
    <Box data-testid="payouts-account">
      {account ? (
        <Stack spacing={1}>
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
            <AccountBalanceIcon color="action" aria-hidden />
            <Typography sx={{ fontWeight: 600 }}>{t('donations.payouts.account')}</Typography>
            <Chip
              sx={readableChipSx}
              size="small"
              color={ACCOUNT_COLOR[account.status]}
              label={t(`donations.payouts.accountStatus.${account.status}`)}
              data-testid="payouts-account-status"
              data-status={account.status}
            />
            <Chip
              sx={readableChipSx}
              size="small"
              variant="outlined"
              label={t(`donations.provider.${account.provider}`)}
              data-testid="payouts-provider"
            />
          </Stack>
          <Typography variant="body2" color="text.secondary" sx={{ wordBreak: 'break-all' }}>
            {t('donations.payouts.accountId', { id: account.accountId })}
          </Typography>
          {account.status !== 'verified' ? (
            <Alert severity={account.status === 'restricted' ? 'error' : 'warning'}>
              {t(`donations.payouts.accountHelp.${account.status}`)}
            </Alert>
          ) : null}
        </Stack>
      ) : (
        <Alert severity="info" icon={<AccountBalanceIcon />}>
          {t('donations.payouts.noAccount', { name: nodeName })}
        </Alert>
      )}
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1} sx={{ mt: 1.5 }}>
        {account?.onboardingUrl && account.status !== 'verified' ? (
          <Button
            variant="contained"
            href={account.onboardingUrl}
            target="_blank"
            rel="noopener noreferrer"
            endIcon={<OpenInNewIcon />}
            data-testid="payouts-continue"
          >
            {t('donations.payouts.continue')}
          </Button>
        ) : null}
        {overview.can.setup && account?.status !== 'verified' ? (
          <Button
            variant={account ? 'outlined' : 'contained'}
            startIcon={<LinkIcon />}
            disabled={setup.isPending}
            onClick={() => (account ? setup.mutate() : setConfirming(true))}
            data-testid="payouts-connect"
          >
            {connectLabel}
          </Button>
        ) : null}
      </Stack>
      <ConfirmDialog
        open={confirming}
        title={t('donations.payouts.connectTitle')}
        message={t('donations.payouts.connectBody', { name: nodeName })}
        confirmLabel={t('donations.payouts.connect')}
        busy={setup.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          setup.mutate(undefined, {
            onSuccess: (res) => {
              setConfirming(false);
              toast.success(
                res.data.status === 'verified'
                  ? t('donations.payouts.connectedVerified')
                  : t('donations.payouts.connectedPending'),
              );
            },
            onError: (error) => toast.error(errorMessage(error, t('errors.generic'))),
          })
        }
      />
    </Box>
  );
}

/** The Payouts tab of a node's view: balances, payout account, transfers and payouts. */
export function PayoutsTab({ node }: { node: Pick<OrgDetail, 'id' | 'name'> }) {
  const { t } = useTranslation();
  const toast = useToast();
  const money = useMoney();
  const query = usePayouts(node.id);
  const transfer = useProcessTransfers(node.id);
  const [dialog, setDialog] = useState<'transfer' | 'payout' | null>(null);

  if (query.isError) return <ErrorState error={query.error} onRetry={() => void query.refetch()} />;
  const overview = query.data?.data;
  const donationsLink = `/donations/list?${new URLSearchParams({ org: String(node.id), orgName: node.name })}`;
  const header = (
    <Stack direction="row" sx={{ alignItems: 'center', gap: 2, flexWrap: 'wrap', mb: 2 }}>
      <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
        {t('donations.payouts.title')}
      </Typography>
      <Button component={RouterLink} to={donationsLink} variant="outlined" data-testid="payouts-donations-link">
        {t('donations.payouts.seeDonations')}
      </Button>
    </Stack>
  );
  if (!overview)
    return (
      <Box data-testid="payouts-panel" aria-busy>
        {header}
        <Skeleton variant="rounded" height={120} />
      </Box>
    );

  const { balances, account, can } = overview;
  const verified = account?.status === 'verified';
  return (
    <Box data-testid="payouts-panel" sx={{ display: 'grid', gap: 3, gridTemplateColumns: 'minmax(0, 1fr)' }}>
      <Box>
        {header}
        <Box
          component="section"
          aria-label={t('donations.payouts.balances')}
          sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fit, minmax(170px, 1fr))' }}
        >
          {BALANCES.map(([key, labelKey, helpKey, testId]) => (
            <Balance
              key={key}
              label={t(`donations.payouts.${labelKey}`)}
              help={t(`donations.payouts.${helpKey}`)}
              value={money(balances[key])}
              testId={testId}
            />
          ))}
        </Box>
      </Box>
      <AccountBox overview={overview} nodeName={node.name} />
      {can.transfer || can.payout ? (
        <Box>
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1}>
            {can.transfer ? (
              <Button
                variant="outlined"
                startIcon={<SwapHorizIcon />}
                disabled={!verified || balances.pendingCents <= 0 || transfer.isPending}
                onClick={() => setDialog('transfer')}
                data-testid="payouts-transfer"
              >
                {t('donations.payouts.transfer')}
              </Button>
            ) : null}
            {can.payout ? (
              <Button
                variant="contained"
                startIcon={<AccountBalanceIcon />}
                disabled={!verified || balances.availableCents < 100}
                onClick={() => setDialog('payout')}
                data-testid="payouts-payout"
              >
                {t('donations.payouts.payout')}
              </Button>
            ) : null}
          </Stack>
          {!verified ? (
            <Typography variant="body2" color="text.secondary" sx={{ mt: 1 }}>
              {t('donations.payouts.needsAccount')}
            </Typography>
          ) : null}
        </Box>
      ) : null}
      <Box
        sx={{
          display: 'grid',
          gap: 3,
          gridTemplateColumns: { xs: 'minmax(0, 1fr)', lg: 'minmax(0, 1fr) minmax(0, 1fr)' },
          alignItems: 'start',
        }}
      >
        <PayoutHistory kind="transfers" rows={overview.transfers} />
        <PayoutHistory kind="payouts" rows={overview.payouts} />
      </Box>
      <ConfirmDialog
        open={dialog === 'transfer'}
        title={t('donations.payouts.transferTitle')}
        message={t('donations.payouts.transferBody', {
          amount: money(balances.pendingCents),
          account: account?.accountId ?? '',
        })}
        confirmLabel={t('donations.payouts.transferSubmit', { amount: money(balances.pendingCents) })}
        busy={transfer.isPending}
        onClose={() => setDialog(null)}
        onConfirm={() =>
          account &&
          transfer.mutate(account.accountId, {
            onSuccess: () => {
              setDialog(null);
              toast.success(t('donations.payouts.transferred'));
            },
            onError: (error) => toast.error(errorMessage(error, t('errors.generic'))),
          })
        }
      />
      {dialog === 'payout' ? <PayoutDialog overview={overview} onClose={() => setDialog(null)} /> : null}
    </Box>
  );
}

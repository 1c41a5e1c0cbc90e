import type { BandAccount } from '@fc/contracts';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import { Alert, Box, Button, Chip, Link, Skeleton, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/ui/ConfirmDialog';
import { useToast } from '../../../../components/ui/ToastProvider';
import { errorMessage } from '../../../../lib/api/errors';
import { useDisconnectAccount } from '../../api/band';
import { BandLogo } from '../BandLogo';
import type { useConnectPopup } from './useConnectPopup';

interface AccountCardProps {
  account: BandAccount | null | undefined;
  loading: boolean;
  connect: ReturnType<typeof useConnectPopup>;
}

/** The signed-in user's BAND account: link it, its health (valid, expired → reconnect), disconnect. */
export function AccountCard({ account, loading, connect }: AccountCardProps) {
  const { t, i18n } = useTranslation();
  const toast = useToast();
  const disconnect = useDisconnectAccount();
  const [confirming, setConfirming] = useState(false);
  const { state, start } = connect;
  const busy = state.step === 'starting';
  const date = (iso: string) => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }).format(new Date(iso));

  const linkButton = (label: string, testId: string) => (
    <Button
      variant="contained"
      startIcon={<BandLogo size={20} />}
      onClick={() => void start()}
      disabled={busy}
      data-testid={testId}
    >
      {label}
    </Button>
  );

  return (
    <Box component="section" aria-labelledby="band-account-title" data-testid="band-account">
      <Typography id="band-account-title" variant="h6" component="h3" sx={{ mb: 1 }}>
        {t('band.account.title')}
      </Typography>
      {loading ? (
        <Skeleton variant="rounded" height={56} />
      ) : !account ? (
        <Stack spacing={1.5} sx={{ alignItems: 'flex-start' }}>
          <Typography color="text.secondary" data-testid="band-account-none">
            {t('band.account.none')}
          </Typography>
          {linkButton(t('band.account.link'), 'band-link-account')}
        </Stack>
      ) : (
        <Stack spacing={1.5}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography sx={{ fontWeight: 500, wordBreak: 'break-word' }} data-testid="band-account-name">
              {t('band.account.linkedAs', { name: account.name, date: date(account.linkedAt) })}
            </Typography>
            <Chip
              size="small"
              color={account.status === 'valid' ? 'success' : 'warning'}
              label={t(`band.account.${account.status}`)}
              data-testid="band-account-status"
            />
          </Stack>
          {account.status === 'expired' ? (
            <Alert severity="warning" data-testid="band-account-expired">
              {t('band.account.expiredHelp')}
            </Alert>
          ) : null}
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            {account.status === 'expired' ? linkButton(t('band.account.reconnect'), 'band-reconnect') : null}
            <Button
              color="error"
              startIcon={<LinkOffIcon />}
              onClick={() => setConfirming(true)}
              data-testid="band-disconnect"
            >
              {t('band.account.disconnect')}
            </Button>
          </Stack>
        </Stack>
      )}
      {state.step === 'waiting' ? (
        <Alert severity="info" sx={{ mt: 2 }} data-testid="band-connect-waiting">
          {t('band.account.waiting')}
        </Alert>
      ) : null}
      {state.step === 'blocked' ? (
        <Alert severity="warning" sx={{ mt: 2 }} data-testid="band-connect-blocked">
          {t('band.account.popupBlocked')}{' '}
          <Link href={state.url} target="_blank" rel="opener">
            {t('band.account.openLink')}
          </Link>
        </Alert>
      ) : null}
      {state.step === 'failed' ? (
        <Alert severity="error" sx={{ mt: 2 }} onClose={connect.reset} data-testid="band-connect-failed">
          {errorMessage(state.error, t('errors.generic'))}
        </Alert>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={t('band.account.disconnectTitle')}
        message={t('band.account.disconnectMessage')}
        confirmLabel={t('band.account.disconnect')}
        busy={disconnect.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          disconnect.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              toast.success(t('band.account.disconnected'));
            },
            onError: (error) => {
              setConfirming(false);
              toast.error(errorMessage(error, t('errors.generic')));
            },
          })
        }
      />
    </Box>
  );
}

import type { BandAccount, BandTeamState } from '@fc/contracts';
import LinkOffIcon from '@mui/icons-material/LinkOff';
import {
  Alert,
  Box,
  Button,
  Chip,
  FormControl,
  FormHelperText,
  InputLabel,
  MenuItem,
  Select,
  Skeleton,
  Stack,
  Typography,
} from '@mui/material';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '../../../../components/ui/ConfirmDialog';
import { useToast } from '../../../../components/ui/ToastProvider';
import { errorMessage } from '../../../../lib/api/errors';
import { useLinkTeamBand, useMyBands, useUnlinkTeamBand } from '../../api/band';

interface TeamBandCardProps {
  organizationId: number;
  team: BandTeamState;
  account: BandAccount | null | undefined;
}

/** The team's band: which one its posts go to, picked from the manager's bands; unlink with a confirmation. */
export function TeamBandCard({ organizationId, team, account }: TeamBandCardProps) {
  const { t } = useTranslation();
  const toast = useToast();
  const id = useId();
  const canPick = team.canManage && account?.status === 'valid';
  const bands = useMyBands(canPick);
  const save = useLinkTeamBand(organizationId);
  const unlink = useUnlinkTeamBand(organizationId);
  const [picking, setPicking] = useState(false);
  const [chosen, setChosen] = useState('');
  const [confirming, setConfirming] = useState(false);
  const link = team.link;
  const showPicker = canPick && (!link || picking);

  const submit = () =>
    save.mutate(chosen, {
      onSuccess: () => {
        toast.success(t('band.team.saved'));
        setPicking(false);
        setChosen('');
      },
    });

  return (
    <Box component="section" aria-labelledby="band-team-title" data-testid="band-team">
      <Typography id="band-team-title" variant="h6" component="h3" sx={{ mb: 1 }}>
        {t('band.team.title')}
      </Typography>
      {link ? (
        <Stack spacing={1} sx={{ mb: 2 }}>
          <Stack direction="row" spacing={1} useFlexGap sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Typography sx={{ fontWeight: 500, wordBreak: 'break-word' }} data-testid="band-team-linked">
              {t('band.team.linked', { band: link.bandName })}
            </Typography>
            <Chip
              size="small"
              color={link.accountStatus === 'valid' ? 'success' : 'warning'}
              label={t(`band.account.${link.accountStatus}`)}
              data-testid="band-team-status"
            />
          </Stack>
          {link.linkedBy ? (
            <Typography variant="body2" color="text.secondary">
              {t('band.team.linkedBy', { name: link.linkedBy })}
            </Typography>
          ) : null}
          {link.accountStatus === 'expired' ? (
            <Alert severity="warning" data-testid="band-team-expired">
              {t('band.team.accountExpired')}
            </Alert>
          ) : null}
          {team.canManage ? (
            <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
              {canPick && !picking ? (
                <Button variant="outlined" onClick={() => setPicking(true)} data-testid="band-team-change">
                  {t('band.team.change')}
                </Button>
              ) : null}
              <Button
                color="error"
                startIcon={<LinkOffIcon />}
                onClick={() => setConfirming(true)}
                data-testid="band-team-unlink"
              >
                {t('band.team.unlink')}
              </Button>
            </Stack>
          ) : null}
        </Stack>
      ) : (
        <Typography color="text.secondary" sx={{ mb: 2 }} data-testid="band-team-none">
          {t('band.team.none')}
        </Typography>
      )}
      {!team.canManage ? (
        <Typography variant="body2" color="text.secondary" data-testid="band-team-readonly">
          {t('band.team.readOnly')}
        </Typography>
      ) : !canPick && !link ? (
        <Typography variant="body2" color="text.secondary" data-testid="band-team-need-account">
          {t('band.team.needAccount')}
        </Typography>
      ) : null}
      {showPicker ? (
        bands.isPending ? (
          <Skeleton variant="rounded" height={56} />
        ) : bands.isError ? (
          <Alert severity="error">{errorMessage(bands.error, t('errors.generic'))}</Alert>
        ) : bands.data.length === 0 ? (
          <Alert severity="info" data-testid="band-no-bands">
            {t('band.team.noBands')}
          </Alert>
        ) : (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={1.5} sx={{ alignItems: { sm: 'flex-start' } }}>
            <FormControl sx={{ minWidth: 0, flexGrow: 1, maxWidth: { sm: 420 } }}>
              <InputLabel id={`${id}-l`}>{t('band.team.choose')}</InputLabel>
              <Select
                labelId={`${id}-l`}
                label={t('band.team.choose')}
                value={chosen}
                onChange={(e) => setChosen(e.target.value)}
                aria-describedby={`${id}-h`}
                data-testid="band-team-select"
              >
                {bands.data.map((b) => (
                  <MenuItem
                    key={b.bandKey}
                    value={b.bandKey}
                    disabled={!b.canPost}
                    data-testid={`band-option-${b.bandKey}`}
                  >
                    {b.name} · {t('band.team.members', { count: b.memberCount })}
                    {b.canPost ? '' : ` · ${t('band.team.cannotPost')}`}
                  </MenuItem>
                ))}
              </Select>
              <FormHelperText id={`${id}-h`}>{t('band.team.chooseHelp')}</FormHelperText>
            </FormControl>
            <Button
              variant="contained"
              onClick={submit}
              disabled={!chosen || save.isPending}
              sx={{ mt: { sm: 1 } }}
              data-testid="band-team-save"
            >
              {t('band.team.save')}
            </Button>
            {picking ? (
              <Button onClick={() => setPicking(false)} sx={{ mt: { sm: 1 } }}>
                {t('common.cancel')}
              </Button>
            ) : null}
          </Stack>
        )
      ) : null}
      {save.isError ? (
        <Alert severity="error" sx={{ mt: 2 }} data-testid="band-team-error">
          {errorMessage(save.error, t('errors.generic'))}
        </Alert>
      ) : null}
      <ConfirmDialog
        open={confirming}
        title={t('band.team.unlinkTitle')}
        message={t('band.team.unlinkMessage', { band: link?.bandName ?? '' })}
        confirmLabel={t('band.team.unlink')}
        busy={unlink.isPending}
        onClose={() => setConfirming(false)}
        onConfirm={() =>
          unlink.mutate(undefined, {
            onSuccess: () => {
              setConfirming(false);
              toast.success(t('band.team.unlinked'));
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

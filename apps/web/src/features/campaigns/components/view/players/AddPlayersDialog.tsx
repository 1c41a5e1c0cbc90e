import {
  Alert,
  Box,
  Checkbox,
  FormControlLabel,
  List,
  ListItem,
  ListItemText,
  Paper,
  Switch,
  Typography,
} from '@mui/material';
import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../../../../components/ui/FormDialog';
import { LoadingScreen } from '../../../../../components/ui/LoadingScreen';
import { EmptyState, ErrorState } from '../../../../../components/ui/States';
import { useToast } from '../../../../../components/ui/ToastProvider';
import { useBulkAddFundraisers, useCandidates } from '../../../api/fundraisers';

/**
 * Adds whole divisions in the caller's scope (GET /campaign/{id}/candidates) to the campaign
 * (POST /campaign_fundraiser/bulkadd); players already on it are skipped by the server.
 */
export function AddPlayersDialog({ campaignId, onClose }: { campaignId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const toast = useToast();
  const candidates = useCandidates(campaignId, true);
  const mutation = useBulkAddFundraisers(campaignId);
  const [chosen, setChosen] = useState<number[]>([]);
  const [sendInvites, setSendInvites] = useState(true);
  const [noChoice, setNoChoice] = useState(false);
  const divisions = candidates.data?.data ?? [];
  const toggle = (id: number) => {
    setNoChoice(false);
    setChosen((c) => (c.includes(id) ? c.filter((x) => x !== id) : [...c, id]));
  };

  const onSubmit = (e: FormEvent) => {
    e.preventDefault();
    if (chosen.length === 0) return setNoChoice(true);
    mutation.mutate(
      { divisionIds: chosen, sendInvites },
      {
        onSuccess: (res) => {
          toast.success(
            t('campaigns.add.done', { added: res.data.added, skipped: res.data.skipped, invited: res.data.invited }),
          );
          onClose();
        },
      },
    );
  };

  return (
    <FormDialog
      onClose={onClose}
      onSubmit={onSubmit}
      testId="add-players-dialog"
      titleId="add-players-title"
      title={t('campaigns.add.title')}
      mutation={mutation}
      errorTestId="add-players-error"
      submitLabel={t('campaigns.add.submit', { count: chosen.length })}
      submitTestId="add-players-submit"
    >
      <Typography color="text.secondary">{t('campaigns.add.intro')}</Typography>
      {candidates.isPending ? <LoadingScreen /> : null}
      {candidates.isError ? <ErrorState error={candidates.error} onRetry={() => void candidates.refetch()} /> : null}
      {candidates.isSuccess && divisions.length === 0 ? <EmptyState message={t('campaigns.add.none')} /> : null}
      {divisions.length > 0 ? (
        <Paper variant="outlined" sx={{ maxHeight: 360, overflow: 'auto' }}>
          <List dense aria-label={t('campaigns.add.divisions')} data-testid="candidate-divisions">
            {divisions.map((d) => {
              const full = d.notOnCampaign === 0;
              return (
                <ListItem key={d.id} sx={{ py: 0 }}>
                  <FormControlLabel
                    disabled={full}
                    sx={{ width: '100%', mr: 0 }}
                    control={
                      <Checkbox
                        checked={chosen.includes(d.id)}
                        onChange={() => toggle(d.id)}
                        slotProps={{ input: { 'data-testid': `candidate-${d.id}` } as object }}
                      />
                    }
                    label={
                      <ListItemText
                        primary={d.teamName ? `${d.name} · ${d.teamName}` : d.name}
                        secondary={
                          full
                            ? t('campaigns.add.allOn', { count: d.players })
                            : t('campaigns.add.counts', { count: d.players, notOn: d.notOnCampaign })
                        }
                      />
                    }
                  />
                </ListItem>
              );
            })}
          </List>
        </Paper>
      ) : null}
      {noChoice ? <Alert severity="warning">{t('campaigns.add.chooseOne')}</Alert> : null}
      <Box>
        <FormControlLabel
          control={
            <Switch
              checked={sendInvites}
              onChange={(e) => setSendInvites(e.target.checked)}
              slotProps={{ input: { 'data-testid': 'add-players-send-invites' } as object }}
            />
          }
          label={t('campaigns.add.sendInvites')}
        />
        <Typography variant="body2" color="text.secondary">
          {sendInvites ? t('campaigns.add.sendInvitesOn') : t('campaigns.add.sendInvitesOff')}
        </Typography>
      </Box>
    </FormDialog>
  );
}

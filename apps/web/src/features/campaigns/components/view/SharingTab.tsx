import { type CampaignDetail, type OrgRef, orgTypeName } from '@fc/contracts';
import ShareIcon from '@mui/icons-material/Share';
import { Box, Button, Chip, List, ListItem, ListItemText, Paper, Stack, Typography } from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmRemoveDialog } from '../../../../components/ui/ConfirmDialog';
import { OrgAutocomplete, useOrgPickerSearch } from '../../../../components/ui/OrgAutocomplete';
import { RemoveRowButton } from '../../../../components/ui/RowActions';
import { EmptyState } from '../../../../components/ui/States';
import { useToast } from '../../../../components/ui/ToastProvider';
import { errorMessage } from '../../../../lib/api/errors';
import { useOrgSearch } from '../../api/org-options';
import { useShareCampaign, useUnshareCampaign } from '../../api/sharing';

type Share = CampaignDetail['sharedWith'][number];

/** Picks one or more nodes the caller can see (server search). */
function SharePicker({
  value,
  onChange,
  excludeIds,
}: {
  value: OrgRef[];
  onChange: (v: OrgRef[]) => void;
  excludeIds: number[];
}) {
  const { t } = useTranslation();
  const search = useOrgPickerSearch({ multiple: true });
  const options = useOrgSearch(search.q, search.open);
  return (
    <OrgAutocomplete
      multiple
      value={value}
      onChange={onChange}
      search={search}
      options={(options.data?.data ?? []).filter((o) => !excludeIds.includes(o.id))}
      query={options}
      label={t('campaigns.sharing.pick')}
      noMatchText={t('campaigns.picker.noMatch')}
      noneText={t('campaigns.picker.none')}
      testId="share-picker"
      sx={{ flexGrow: 1 }}
    />
  );
}

/** The nodes the campaign is shared with (their members see it too): add, remove after confirming. */
export function SharingTab({ campaign }: { campaign: CampaignDetail }) {
  const { t } = useTranslation();
  const toast = useToast();
  const share = useShareCampaign(campaign.id);
  const unshare = useUnshareCampaign(campaign.id);
  const [picked, setPicked] = useState<OrgRef[]>([]);
  const [removing, setRemoving] = useState<Share | null>(null);
  const manage = campaign.can.update;
  const shares = campaign.sharedWith;

  const onShare = () =>
    share.mutate(
      picked.map((p) => p.id),
      {
        onSuccess: (res) => {
          toast.success(res.message || t('campaigns.sharing.shared', { count: picked.length }));
          setPicked([]);
        },
        onError: (error) => toast.error(errorMessage(error, t('errors.generic'))),
      },
    );

  return (
    <>
      <Box sx={{ mb: 2 }}>
        <Typography variant="h6" component="h2">
          {t('campaigns.sharing.title')}
        </Typography>
        <Typography variant="body2" color="text.secondary">
          {t('campaigns.sharing.intro', { owner: campaign.organization_name })}
        </Typography>
      </Box>
      {manage ? (
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { sm: 'flex-start' } }}>
          <SharePicker
            value={picked}
            onChange={setPicked}
            excludeIds={[campaign.organization, ...shares.map((s) => s.id)]}
          />
          <Button
            variant="contained"
            startIcon={<ShareIcon />}
            onClick={onShare}
            disabled={picked.length === 0 || share.isPending}
            sx={{ mt: { sm: 1 } }}
            data-testid="share-submit"
          >
            {t('campaigns.sharing.share')}
          </Button>
        </Stack>
      ) : null}
      {shares.length === 0 ? (
        <EmptyState message={t('campaigns.sharing.empty')} />
      ) : (
        <Paper variant="outlined">
          <List aria-label={t('campaigns.sharing.title')} data-testid="share-list">
            {shares.map((s) => (
              <ListItem
                key={s.id}
                data-testid={`share-${s.id}`}
                secondaryAction={
                  manage ? (
                    <RemoveRowButton
                      title={t('campaigns.sharing.remove')}
                      label={t('campaigns.sharing.removeNamed', { name: s.name })}
                      onClick={() => setRemoving(s)}
                      testId={`unshare-${s.id}`}
                    />
                  ) : undefined
                }
              >
                <ListItemText
                  primary={s.name}
                  secondary={
                    <Chip
                      component="span"
                      size="small"
                      variant="outlined"
                      label={t(`orgTypes.${orgTypeName(s.typeId)}`)}
                      sx={{ mt: 0.5 }}
                    />
                  }
                />
              </ListItem>
            ))}
          </List>
        </Paper>
      )}
      <ConfirmRemoveDialog
        item={removing}
        // Removes by the row's id, which is the shared node's id (DELETE /organization_campaign/).
        remove={unshare}
        title={t('campaigns.sharing.removeTitle')}
        message={t('campaigns.sharing.removeMessage', { name: removing?.name ?? '', title: campaign.title })}
        confirmLabel={t('campaigns.sharing.remove')}
        doneMessage={t('campaigns.sharing.removed')}
        onClose={() => setRemoving(null)}
      />
    </>
  );
}

import type { CampaignDetail, OrgRef } from '@fc/contracts';
import ShareIcon from '@mui/icons-material/Share';
import {
  Autocomplete,
  Box,
  Button,
  Chip,
  List,
  ListItem,
  ListItemText,
  Paper,
  Stack,
  TextField,
  Typography,
} from '@mui/material';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmRemoveDialog } from '../../../../components/ui/ConfirmDialog';
import { RemoveRowButton } from '../../../../components/ui/RowActions';
import { EmptyState } from '../../../../components/ui/States';
import { useToast } from '../../../../components/ui/ToastProvider';
import { errorMessage } from '../../../../lib/api/errors';
import { useDebouncedValue } from '../../../../lib/useDebouncedValue';
import { useOrgSearch } from '../../api/org-options';
import { useShareCampaign, useUnshareCampaign } from '../../api/sharing';

const TYPE_KEY: Record<number, string> = { 1: 'organization', 2: 'league', 3: 'team', 4: 'division' };
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
  const [open, setOpen] = useState(false);
  const [input, setInput] = useState('');
  const q = useDebouncedValue(input.trim(), 300);
  const options = useOrgSearch(q, open);
  const list = (options.data?.data ?? []).filter((o) => !excludeIds.includes(o.id));
  return (
    <Autocomplete<OrgRef, true>
      multiple
      disableCloseOnSelect
      open={open}
      onOpen={() => setOpen(true)}
      onClose={() => setOpen(false)}
      value={value}
      onChange={(_e, v) => onChange(v)}
      inputValue={input}
      onInputChange={(_e, v, reason) => {
        if (reason !== 'reset') setInput(v);
      }}
      options={list}
      filterOptions={(x) => x}
      filterSelectedOptions
      groupBy={(o) => t(`orgTypes.${TYPE_KEY[o.typeId] ?? 'organization'}`)}
      getOptionLabel={(o) => o.name}
      isOptionEqualToValue={(a, b) => a.id === b.id}
      getOptionKey={(o) => o.id}
      loading={options.isFetching}
      loadingText={t('common.loading')}
      noOptionsText={q ? t('campaigns.picker.noMatch') : t('campaigns.picker.none')}
      sx={{ flexGrow: 1 }}
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('campaigns.sharing.pick')}
          error={options.isError}
          helperText={options.isError ? errorMessage(options.error, t('errors.generic')) : undefined}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': 'share-picker' },
          }}
        />
      )}
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
                      label={t(`orgTypes.${TYPE_KEY[s.typeId] ?? 'organization'}`)}
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

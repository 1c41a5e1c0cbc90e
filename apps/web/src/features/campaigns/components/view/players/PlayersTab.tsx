import { type CampaignDetail, type CampaignFundraiser, INVITE_STATUSES, type InviteStatus } from '@fc/contracts';
import MailIcon from '@mui/icons-material/MailOutlined';
import PersonAddIcon from '@mui/icons-material/PersonAdd';
import SendIcon from '@mui/icons-material/Send';
import { Button, Stack, Typography } from '@mui/material';
import type { GridRowSelectionModel } from '@mui/x-data-grid';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmRemoveDialog } from '../../../../../components/ui/ConfirmDialog';
import { SelectField } from '../../../../../components/ui/FormFields';
import { SearchField } from '../../../../../components/ui/SearchField';
import { ErrorState } from '../../../../../components/ui/States';
import { useServerGrid } from '../../../../../components/ui/useServerGrid';
import { useDebouncedValue } from '../../../../../lib/useDebouncedValue';
import type { BulkSendKind } from '../../../api/bulk-send';
import { useCampaignFundraisers, useRemoveFundraiser } from '../../../api/fundraisers';
import type { FundraiserListParams } from '../../../api/keys';
import { fullName } from '../../shared/format';
import { AddPlayersDialog } from './AddPlayersDialog';
import { BulkSendDialog, type PlayerSelection } from './BulkSendDialog';
import { isPlayerSortColumn, PlayersGrid } from './PlayersGrid';

const EMPTY_SELECTION: GridRowSelectionModel = { type: 'include', ids: new Set() };

/** The campaign's players: search, invitation filter, add, resend, message, remove. */
export function PlayersTab({ campaign }: { campaign: CampaignDetail }) {
  const { t } = useTranslation();
  const [search, setSearch] = useState('');
  const [inviteStatus, setInviteStatus] = useState<InviteStatus | ''>('');
  const { grid, resetPage, pageParams } = useServerGrid(isPlayerSortColumn);
  const [selection, setSelection] = useState<GridRowSelectionModel>(EMPTY_SELECTION);
  const [adding, setAdding] = useState(false);
  const [bulk, setBulk] = useState<BulkSendKind | null>(null);
  const [removing, setRemoving] = useState<CampaignFundraiser | null>(null);
  const q = useDebouncedValue(search.trim());
  const params: FundraiserListParams = { q: q || undefined, inviteStatus: inviteStatus || undefined, ...pageParams };
  const list = useCampaignFundraisers(campaign.id, params);
  const remove = useRemoveFundraiser(campaign.id);
  const manage = campaign.can.managePlayers;
  // Rows seen on any page, so the results of a send can name the players chosen on other pages.
  const known = useRef(new Map<number, CampaignFundraiser>());
  useEffect(() => {
    for (const r of list.data?.data ?? []) known.current.set(r.id, r);
  }, [list.data]);
  const onRemove = useCallback((row: CampaignFundraiser) => setRemoving(row), []);

  const filtered = Boolean(q || inviteStatus);
  // The players this caller sees (a Division Admin: their division's), counted without filters.
  const [visible, setVisible] = useState(campaign.players);
  const unfilteredTotal = !filtered && list.data && !list.isPlaceholderData ? list.data.total : undefined;
  useEffect(() => {
    if (unfilteredTotal !== undefined) setVisible(unfilteredTotal);
  }, [unfilteredTotal]);
  const ids = [...selection.ids].map(Number);
  const chosen: PlayerSelection = { type: selection.type, ids };
  const selectedCount = selection.type === 'include' ? ids.length : visible - ids.length;

  return (
    <>
      <Stack direction={{ xs: 'column', md: 'row' }} spacing={2} sx={{ mb: 2, alignItems: { md: 'center' } }}>
        <Typography variant="h6" component="h2" sx={{ flexGrow: 1 }}>
          {t('campaigns.players.title', { count: visible })}
        </Typography>
        {manage ? (
          <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
            <Button
              variant="contained"
              startIcon={<PersonAddIcon />}
              onClick={() => setAdding(true)}
              data-testid="add-players-button"
            >
              {t('campaigns.add.button')}
            </Button>
            <Button
              variant="outlined"
              startIcon={<SendIcon />}
              onClick={() => setBulk('resend')}
              disabled={visible === 0}
              data-testid="resend-invites-button"
            >
              {t('campaigns.bulk.resend.button')}
            </Button>
            <Button
              variant="outlined"
              startIcon={<MailIcon />}
              onClick={() => setBulk('message')}
              disabled={visible === 0}
              data-testid="message-families-button"
            >
              {t('campaigns.bulk.message.button')}
            </Button>
          </Stack>
        ) : null}
      </Stack>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ mb: 2 }}>
        <SearchField
          size="small"
          label={t('campaigns.players.search')}
          value={search}
          onChange={(e) => {
            setSearch(e.target.value);
            resetPage();
          }}
          sx={{ flexGrow: 1 }}
          testId="players-search"
        />
        <SelectField
          size="small"
          label={t('campaigns.players.invitation')}
          value={inviteStatus}
          onChange={(e) => {
            setInviteStatus(e.target.value as InviteStatus | '');
            resetPage();
          }}
          sx={{ minWidth: 200 }}
          emptyLabel={t('campaigns.players.allInvites')}
          options={INVITE_STATUSES.map((s) => ({ value: s, label: t(`campaigns.invite.${s}`) }))}
          testId="players-invite-filter"
        />
      </Stack>
      {manage && selectedCount > 0 ? (
        <Stack direction="row" spacing={1} sx={{ mb: 1, alignItems: 'center' }} data-testid="players-selection">
          <Typography variant="body2">{t('campaigns.players.selected', { count: selectedCount })}</Typography>
          <Button size="small" onClick={() => setSelection(EMPTY_SELECTION)}>
            {t('campaigns.players.clearSelection')}
          </Button>
        </Stack>
      ) : null}
      {list.isError ? <ErrorState error={list.error} onRetry={() => void list.refetch()} /> : null}
      <PlayersGrid
        rows={list.data?.data ?? []}
        total={list.data?.total ?? 0}
        loading={list.isFetching}
        emptyMessage={
          filtered
            ? t('campaigns.players.noMatch')
            : manage
              ? t('campaigns.players.emptyManage')
              : t('campaigns.players.empty')
        }
        manage={manage}
        selection={selection}
        onSelection={setSelection}
        onRemove={onRemove}
        {...grid}
      />
      {adding ? <AddPlayersDialog campaignId={campaign.id} onClose={() => setAdding(false)} /> : null}
      {bulk ? (
        <BulkSendDialog
          kind={bulk}
          campaignId={campaign.id}
          campaignTitle={campaign.title}
          selection={chosen}
          known={known.current}
          totalPlayers={visible}
          onClose={() => setBulk(null)}
        />
      ) : null}
      <ConfirmRemoveDialog
        item={removing}
        remove={remove}
        title={t('campaigns.players.removeTitle')}
        message={t('campaigns.players.removeMessage', {
          name: removing ? fullName(removing.firstName, removing.lastName) : '',
          title: campaign.title,
        })}
        confirmLabel={t('campaigns.players.remove')}
        doneMessage={t('campaigns.players.removed')}
        onClose={() => setRemoving(null)}
        onDone={() => {
          if (!removing) return;
          const next = new Set(selection.ids);
          next.delete(removing.id);
          setSelection({ type: selection.type, ids: next });
        }}
      />
    </>
  );
}

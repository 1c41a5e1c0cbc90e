import { CAMPAIGN_FUNDRAISER_SORT_COLUMNS, type CampaignFundraiser } from '@fc/contracts';
import { Box, Typography } from '@mui/material';
import { DataGrid, type GridColDef, type GridRowSelectionModel } from '@mui/x-data-grid';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { type PhoneRow, useGridLayout } from '../../../../../components/ui/gridLayout';
import { RemoveRowButton } from '../../../../../components/ui/RowActions';
import { type ServerGridData, serverGridProps } from '../../../../../components/ui/ServerDataGrid';
import { EmptyState } from '../../../../../components/ui/States';
import { useGridLocaleText } from '../../../../../components/ui/useGridLocaleText';
import { InviteStatusChip } from '../../shared/Chips';
import { count, fullName, useMoney } from '../../shared/format';

type SortColumn = (typeof CAMPAIGN_FUNDRAISER_SORT_COLUMNS)[number];
export const isPlayerSortColumn = (field: string): field is SortColumn =>
  (CAMPAIGN_FUNDRAISER_SORT_COLUMNS as readonly string[]).includes(field);

interface PlayersGridProps extends ServerGridData<CampaignFundraiser> {
  emptyMessage: string;
  /** Checkbox selection and the remove button (the caller may manage players). */
  manage: boolean;
  selection: GridRowSelectionModel;
  onSelection: (model: GridRowSelectionModel) => void;
  onRemove: (row: CampaignFundraiser) => void;
}

/** The campaign's players, paged, sorted and searched by the server, with selection kept across pages. */
export function PlayersGrid({ emptyMessage, manage, selection, onSelection, onRemove, ...grid }: PlayersGridProps) {
  const { t } = useTranslation();
  const localeText = useGridLocaleText();
  const money = useMoney();

  const columns = useMemo<GridColDef<CampaignFundraiser>[]>(() => {
    const cols: GridColDef<CampaignFundraiser>[] = [
      {
        field: 'name',
        headerName: t('campaigns.players.player'),
        flex: 1.2,
        minWidth: 170,
        valueGetter: (_v, row) => fullName(row.firstName, row.lastName),
      },
      {
        field: 'parent',
        headerName: t('campaigns.players.family'),
        flex: 1.4,
        minWidth: 210,
        sortable: false,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', flexDirection: 'column', justifyContent: 'center', height: '100%', minWidth: 0 }}>
            <Typography variant="body2" noWrap>
              {fullName(row.parentFirstName, row.parentLastName) || '—'}
            </Typography>
            <Typography variant="caption" color="text.secondary" noWrap>
              {row.email}
            </Typography>
          </Box>
        ),
      },
      {
        field: 'division',
        headerName: t('campaigns.players.division'),
        flex: 1,
        minWidth: 140,
        valueGetter: (_v, row) => row.divisionName ?? '—',
      },
      {
        field: 'status',
        headerName: t('campaigns.players.invitation'),
        width: 130,
        renderCell: ({ row }) => <InviteStatusChip status={row.inviteStatus} />,
      },
      {
        field: 'goal',
        headerName: t('campaigns.fields.goal'),
        type: 'number',
        width: 110,
        valueGetter: (_v, row) => row.goalCents,
        valueFormatter: (v: number) => money(v, { whole: true }),
      },
      {
        field: 'raised',
        headerName: t('campaigns.fields.raised'),
        type: 'number',
        width: 120,
        valueGetter: (_v, row) => row.raisedCents,
        valueFormatter: (v: number) => money(v),
      },
      {
        field: 'donors',
        headerName: t('campaigns.fields.donors'),
        type: 'number',
        width: 90,
        valueFormatter: (v: number) => count(v),
      },
    ];
    if (manage)
      cols.push({
        field: 'actions',
        headerName: t('common.actions'),
        width: 90,
        sortable: false,
        renderCell: ({ row }) => (
          <Box sx={{ display: 'flex', alignItems: 'center', height: '100%' }}>
            <RemoveRowButton
              title={t('campaigns.players.remove')}
              label={t('campaigns.players.removeNamed', { name: fullName(row.firstName, row.lastName) })}
              onClick={() => onRemove(row)}
              testId={`remove-player-${row.id}`}
            />
          </Box>
        ),
      });
    return cols;
  }, [t, money, manage, onRemove]);

  // On a phone: the player, their division and family, what they raised and the invitation.
  const phone = useMemo<PhoneRow<CampaignFundraiser>>(
    () => ({
      title: (row) => fullName(row.firstName, row.lastName),
      subtitle: (row) =>
        [row.divisionName, fullName(row.parentFirstName, row.parentLastName) || row.email].filter(Boolean).join(' · '),
      value: (row) => money(row.raisedCents),
      status: (row) => <InviteStatusChip status={row.inviteStatus} />,
      action: manage
        ? (row) => (
            <RemoveRowButton
              title={t('campaigns.players.remove')}
              label={t('campaigns.players.removeNamed', { name: fullName(row.firstName, row.lastName) })}
              onClick={() => onRemove(row)}
              testId={`remove-player-card-${row.id}`}
            />
          )
        : undefined,
    }),
    [t, money, manage, onRemove],
  );
  const { compact, ...layout } = useGridLayout(columns, phone, t('campaigns.tabs.players'), manage);

  const NoRows = useMemo(() => () => <EmptyState message={emptyMessage} />, [emptyMessage]);

  return (
    <Box sx={{ width: '100%' }} data-testid="players-grid" data-layout={compact ? 'cards' : 'columns'}>
      <DataGrid
        {...serverGridProps(grid)}
        {...layout}
        checkboxSelection={manage}
        keepNonExistentRowsSelected
        // "Select all" picks the rows shown (this page, this search); "everyone" is a choice of the send dialogs.
        disableRowSelectionExcludeModel
        rowSelectionModel={selection}
        onRowSelectionModelChange={onSelection}
        slots={{ noRowsOverlay: NoRows, noResultsOverlay: NoRows }}
        localeText={localeText}
        aria-label={t('campaigns.tabs.players')}
      />
    </Box>
  );
}

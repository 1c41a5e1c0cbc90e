import { REGISTRATION_SORT_COLUMNS, type RegistrationListItem } from '@fc/contracts';
import { Box, Link, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import type { PhoneRow } from '../../../../components/ui/gridLayout';
import { ServerDataGrid, type ServerGridData } from '../../../../components/ui/ServerDataGrid';
import { EmptyState } from '../../../../components/ui/States';
import { useAge } from '../shared/format';
import { RegistrationStatusChip } from '../shared/RegistrationStatusChip';
import { StepProgress } from '../shared/StepProgress';

type SortColumn = (typeof REGISTRATION_SORT_COLUMNS)[number];

export function isRegistrationSortColumn(field: string): field is SortColumn {
  return (REGISTRATION_SORT_COLUMNS as readonly string[]).includes(field);
}

function TwoLines({ main, sub }: { main: ReactNode; sub?: string | null }) {
  return (
    <Box sx={{ display: 'flex', flexDirection: 'column', justifyContent: 'center', height: '100%', minWidth: 0 }}>
      <Typography variant="body2" noWrap component="span">
        {main}
      </Typography>
      {sub ? (
        <Typography variant="caption" color="text.secondary" noWrap component="span">
          {sub}
        </Typography>
      ) : null}
    </Box>
  );
}

const center = { display: 'flex', alignItems: 'center', height: '100%' } as const;

/** The records, paged and sorted by the server (the contract's sort columns); a row opens the record. */
export function RegistrationGrid({
  emptyMessage,
  ...grid
}: ServerGridData<RegistrationListItem> & { emptyMessage: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const age = useAge();
  const teamLink = useMemo(
    () => (row: RegistrationListItem, testId: string) => (
      <Link
        component={RouterLink}
        to={`/onboarding/view/${row.id}`}
        onClick={(e) => e.stopPropagation()}
        data-testid={`${testId}-${row.id}`}
      >
        {row.teamName ?? t('registrations.unnamed', { id: row.id })}
      </Link>
    ),
    [t],
  );

  const columns = useMemo<GridColDef<RegistrationListItem>[]>(
    () => [
      {
        field: 'teamName',
        headerName: t('registrations.fields.team'),
        flex: 1.3,
        minWidth: 200,
        renderCell: ({ row }) => <TwoLines main={teamLink(row, 'registration-link')} sub={`#${row.id}`} />,
      },
      {
        field: 'organizationName',
        headerName: t('registrations.fields.organization'),
        flex: 1,
        minWidth: 160,
        valueFormatter: (v: string | null) => v ?? '—',
      },
      {
        field: 'registrant',
        headerName: t('registrations.fields.registrant'),
        flex: 1.2,
        minWidth: 190,
        sortable: false,
        renderCell: ({ row }) => <TwoLines main={row.registrant.name} sub={row.registrant.email} />,
      },
      {
        field: 'step',
        headerName: t('registrations.fields.progress'),
        width: 140,
        renderCell: ({ row }) => (
          <Box sx={center}>
            <StepProgress step={row.step} submitted={row.submittedAt !== null} />
          </Box>
        ),
      },
      {
        field: 'status',
        headerName: t('fields.status'),
        width: 130,
        sortable: false,
        renderCell: ({ row }) => (
          <Box sx={center}>
            <RegistrationStatusChip status={row.status} />
          </Box>
        ),
      },
      {
        field: 'salesperson',
        headerName: t('registrations.fields.salesperson'),
        width: 150,
        sortable: false,
        valueGetter: (_v, row) => row.salesperson?.name ?? t('registrations.unassigned'),
      },
      {
        field: 'createdAt',
        headerName: t('registrations.fields.age'),
        width: 110,
        renderCell: ({ row }) => <Box sx={center}>{age(row.ageDays)}</Box>,
      },
    ],
    [t, age, teamLink],
  );

  // On a phone: the team (link), its organization and age, the progress and the status.
  const phone = useMemo<PhoneRow<RegistrationListItem>>(
    () => ({
      title: (row) => teamLink(row, 'registration-card-link'),
      subtitle: (row) => [row.organizationName, row.registrant.name, age(row.ageDays)].filter(Boolean).join(' · '),
      value: (row) => <StepProgress step={row.step} submitted={row.submittedAt !== null} width={96} />,
      status: (row) => <RegistrationStatusChip status={row.status} />,
    }),
    [age, teamLink],
  );

  const NoRows = useMemo(() => () => <EmptyState message={emptyMessage} />, [emptyMessage]);

  return (
    <ServerDataGrid
      testId="registrations-grid"
      ariaLabel={t('registrations.list.gridLabel')}
      {...grid}
      columns={columns}
      phone={phone}
      slots={{ noRowsOverlay: NoRows, noResultsOverlay: NoRows }}
      onRowClick={(row) => navigate(`/onboarding/view/${row.id}`)}
    />
  );
}

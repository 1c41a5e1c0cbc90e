import type { ContactMessage } from '@fc/contracts';
import { Box, Chip, Link, Typography } from '@mui/material';
import type { GridColDef } from '@mui/x-data-grid';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import type { PhoneRow } from '../../../components/ui/gridLayout';
import { ServerDataGrid, type ServerGridData } from '../../../components/ui/ServerDataGrid';
import { EmptyState } from '../../../components/ui/States';
import { useDateCell } from '../../../components/ui/useServerGrid';

interface ContactMessageGridProps extends ServerGridData<ContactMessage> {
  filtered: boolean;
  onOpen: (message: ContactMessage) => void;
}

function StatusChip({ message }: { message: ContactMessage }) {
  const { t } = useTranslation();
  return message.handledAt ? (
    <Chip size="small" label={t('contact.admin.handled')} color="success" variant="outlined" />
  ) : (
    <Chip size="small" label={t('contact.admin.open')} color="primary" />
  );
}

/** The messages, paged by the server; a row (or its name) opens the message. */
export function ContactMessageGrid({ filtered, onOpen, ...grid }: ContactMessageGridProps) {
  const { t } = useTranslation();
  const dateCell = useDateCell();
  const nameLink = useCallback(
    (row: ContactMessage) => (
      <Link
        component="button"
        type="button"
        onClick={(e) => {
          e.stopPropagation();
          onOpen(row);
        }}
        aria-label={t('contact.admin.view', { name: row.name })}
        data-testid={`contact-message-open-${row.id}`}
        sx={{ textAlign: 'left' }}
      >
        {row.name}
      </Link>
    ),
    [t, onOpen],
  );

  const columns = useMemo<GridColDef<ContactMessage>[]>(
    () => [
      {
        field: 'createdAt',
        headerName: t('contact.admin.received'),
        width: 130,
        sortable: false,
        valueFormatter: dateCell,
      },
      {
        field: 'name',
        headerName: t('contact.admin.from'),
        flex: 1.2,
        minWidth: 200,
        sortable: false,
        renderCell: ({ row }) => (
          <Box
            sx={{ display: 'flex', flexDirection: 'column', justifyContent: 'center', height: '100%', lineHeight: 1.3 }}
          >
            {nameLink(row)}
            <Typography variant="body2" color="text.secondary" noWrap>
              {row.email}
            </Typography>
          </Box>
        ),
      },
      {
        field: 'organization',
        headerName: t('contact.admin.organization'),
        flex: 1,
        minWidth: 140,
        sortable: false,
        valueFormatter: (v: string | null) => v ?? '—',
      },
      { field: 'message', headerName: t('contact.admin.message'), flex: 2, minWidth: 220, sortable: false },
      {
        field: 'handledAt',
        headerName: t('contact.admin.status'),
        width: 120,
        sortable: false,
        renderCell: ({ row }) => <StatusChip message={row} />,
      },
    ],
    [t, dateCell, nameLink],
  );

  const phone = useMemo<PhoneRow<ContactMessage>>(
    () => ({
      title: nameLink,
      subtitle: (row) => `${dateCell(row.createdAt)} · ${row.organization ?? row.email}`,
      status: (row) => <StatusChip message={row} />,
      below: (row) => (
        <Typography variant="body2" color="text.secondary" sx={{ overflowWrap: 'anywhere' }}>
          {row.message.length > 140 ? `${row.message.slice(0, 140)}…` : row.message}
        </Typography>
      ),
    }),
    [dateCell, nameLink],
  );

  return (
    <ServerDataGrid
      {...grid}
      testId="contact-messages-grid"
      ariaLabel={t('contact.admin.title')}
      columns={columns}
      phone={phone}
      onRowClick={onOpen}
      slots={{
        noRowsOverlay: () => <EmptyState message={filtered ? t('contact.admin.noMatch') : t('contact.admin.empty')} />,
      }}
    />
  );
}

import { Box, useMediaQuery } from '@mui/material';
import type { DataGridProps, GridColDef, GridValidRowModel } from '@mui/x-data-grid';
import { type ReactNode, useMemo } from 'react';

/**
 * What a list's row shows on a phone, where a table of columns cannot fit (issue 12: at 390 px
 * the tables showed two columns and hid amount and status). Each row becomes a small card: its
 * name and a second line on the left, the figure that matters and its status on the right.
 */
export interface PhoneRow<R> {
  /** The row's name (usually the link to its page). */
  title: (row: R) => ReactNode;
  /** A quieter second line (date, organization, email…). */
  subtitle?: (row: R) => ReactNode;
  /** The figure that matters (an amount, a count), right-aligned beside the name. */
  value?: (row: R) => ReactNode;
  /** The row's status (a chip), right-aligned under the value. */
  status?: (row: R) => ReactNode;
  /** A button for the row (remove…), at the card's right edge. */
  action?: (row: R) => ReactNode;
  /** A full-width last line: a control (a role picker) or a note (a failure message). */
  below?: (row: R) => ReactNode;
}

/** Phones: below MUI's `sm` breakpoint (600 px), the width where the console's menu is a drawer too. */
export const PHONE_QUERY = '(max-width:599.95px)';

/**
 * One row as a phone card. DataGrids get it from `useGridLayout`; a plain list or table (a short
 * history) renders it directly, one per row, below `PHONE_QUERY`.
 */
export function PhoneCard({
  title,
  subtitle,
  value,
  status,
  action,
  below,
}: Partial<Record<keyof PhoneRow<unknown>, ReactNode>>) {
  return (
    <Box
      data-testid="grid-phone-row"
      sx={{
        display: 'grid',
        gridTemplateColumns: action ? 'minmax(0, 1fr) auto auto' : 'minmax(0, 1fr) auto',
        columnGap: 1.5,
        rowGap: 0.5,
        alignItems: 'center',
        py: 1.25,
        width: '100%',
        lineHeight: 1.4,
        whiteSpace: 'normal',
      }}
    >
      <Box sx={{ minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis', whiteSpace: 'nowrap', fontWeight: 500 }}>
        {title}
      </Box>
      <Box data-testid="grid-phone-value" sx={{ textAlign: 'right', fontWeight: 600, whiteSpace: 'nowrap' }}>
        {value}
      </Box>
      {action ? <Box sx={{ gridColumn: 3, gridRow: '1 / span 2', display: 'flex' }}>{action}</Box> : null}
      <Box
        sx={{
          minWidth: 0,
          overflow: 'hidden',
          textOverflow: 'ellipsis',
          whiteSpace: 'nowrap',
          color: 'text.secondary',
          fontSize: '0.8125rem',
        }}
      >
        {subtitle}
      </Box>
      <Box data-testid="grid-phone-status" sx={{ justifySelf: 'end', display: 'flex' }}>
        {status}
      </Box>
      {below ? <Box sx={{ gridColumn: '1 / -1', minWidth: 0 }}>{below}</Box> : null}
    </Box>
  );
}

/**
 * The columns and row props a DataGrid gets at the current width: its columns on a tablet or
 * a computer; on a phone (with a `phone` description) one column of small cards, rows as tall
 * as their content, and no header row unless kept (the filters above the grid remain).
 */
export function useGridLayout<R extends GridValidRowModel>(
  columns: GridColDef<R>[],
  phone: PhoneRow<R> | undefined,
  label: string,
  /** Keep the header row on a phone (its "select all" checkbox, when rows are selectable). */
  keepHeader = false,
): Pick<DataGridProps<R>, 'columns' | 'getRowHeight' | 'columnHeaderHeight' | 'sx'> & { compact: boolean } {
  const isPhone = useMediaQuery(PHONE_QUERY, { noSsr: true });
  return useMemo(() => {
    if (!isPhone || !phone) return { columns, compact: false };
    const card: GridColDef<R> = {
      field: '__phone',
      headerName: label,
      flex: 1,
      minWidth: 0,
      sortable: false,
      disableColumnMenu: true,
      renderCell: ({ row }) => (
        <PhoneCard
          title={phone.title(row)}
          subtitle={phone.subtitle?.(row)}
          value={phone.value?.(row)}
          status={phone.status?.(row)}
          action={phone.action?.(row)}
          below={phone.below?.(row)}
        />
      ),
    };
    const cells = { '& .MuiDataGrid-cell': { alignItems: 'center' } };
    if (keepHeader) return { columns: [card], compact: true, getRowHeight: () => 'auto', sx: cells };
    return {
      columns: [card],
      compact: true,
      getRowHeight: () => 'auto',
      columnHeaderHeight: 0,
      sx: { '& .MuiDataGrid-columnHeaders': { display: 'none' }, ...cells },
    };
  }, [isPhone, phone, columns, label, keepHeader]);
}

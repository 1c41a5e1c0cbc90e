import DownloadIcon from '@mui/icons-material/Download';
import {
  Box,
  Button,
  Table,
  TableBody,
  TableCell,
  TableContainer,
  TableHead,
  TableRow,
  Typography,
} from '@mui/material';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

export interface Column<R> {
  key: string;
  header: string;
  cell: (row: R) => ReactNode;
  /** Figures are right-aligned. */
  numeric?: boolean;
}

interface DataTableProps<R> {
  /** The table's caption (its accessible name). */
  caption: string;
  columns: Column<R>[];
  rows: R[];
  rowKey: (row: R) => string | number;
  testId: string;
  /** Shown instead of an empty table. */
  empty?: string;
  /** Shows the caption above the table (otherwise only screen readers read it). */
  showCaption?: boolean;
}

/** A plain, accessible table (a chart's figures, a ranking); scrolls sideways on a phone. */
export function DataTable<R>({ caption, columns, rows, rowKey, testId, empty, showCaption }: DataTableProps<R>) {
  const { t } = useTranslation();
  if (rows.length === 0) {
    return (
      <Typography color="text.secondary" sx={{ py: 2 }} data-testid={`${testId}-empty`}>
        {empty ?? t('dashboards.empty.rows')}
      </Typography>
    );
  }
  return (
    // A region that scrolls must be reachable with the keyboard (axe: scrollable-region-focusable).
    <TableContainer tabIndex={0} role="region" aria-label={caption} sx={{ maxWidth: '100%' }}>
      <Table size="small" data-testid={testId}>
        <caption
          style={
            showCaption
              ? { captionSide: 'top', textAlign: 'left', padding: '0 0 8px' }
              : {
                  position: 'absolute',
                  width: 1,
                  height: 1,
                  overflow: 'hidden',
                  clip: 'rect(0 0 0 0)',
                  whiteSpace: 'nowrap',
                }
          }
        >
          {caption}
        </caption>
        <TableHead>
          <TableRow>
            {columns.map((c) => (
              <TableCell key={c.key} align={c.numeric ? 'right' : 'left'} scope="col">
                {c.header}
              </TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {rows.map((r) => (
            <TableRow key={rowKey(r)}>
              {columns.map((c) => (
                <TableCell
                  key={c.key}
                  align={c.numeric ? 'right' : 'left'}
                  sx={{ whiteSpace: c.numeric ? 'nowrap' : undefined }}
                >
                  {c.cell(r)}
                </TableCell>
              ))}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}

/** The CSV download button of a table. */
export function CsvButton({ onClick, busy, testId }: { onClick: () => void; busy?: boolean; testId: string }) {
  const { t } = useTranslation();
  return (
    <Box>
      <Button size="small" startIcon={<DownloadIcon />} onClick={onClick} disabled={busy} data-testid={testId}>
        {t('dashboards.csv')}
      </Button>
    </Box>
  );
}

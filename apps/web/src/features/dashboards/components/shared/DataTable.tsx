import DownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import TableChartIcon from '@mui/icons-material/TableChartOutlined';
import { Box, Button, Typography } from '@mui/material';
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
  const align = (c: Column<R>) => (c.numeric ? 'right' : 'left');
  return (
    // A region that scrolls must be reachable with the keyboard (axe: scrollable-region-focusable).
    <Box tabIndex={0} role="region" aria-label={caption} sx={{ maxWidth: '100%', overflowX: 'auto' }}>
      {/* Plain table markup styled like MUI's small table (its Table components would weigh on the console shell). */}
      <Box component="table" data-testid={testId} sx={tableSx}>
        <caption className={showCaption ? undefined : 'visually-hidden'}>{caption}</caption>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.key} scope="col" style={{ textAlign: align(c) }}>
                {c.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {rows.map((r) => (
            <tr key={rowKey(r)}>
              {columns.map((c) => (
                <td key={c.key} style={{ textAlign: align(c), whiteSpace: c.numeric ? 'nowrap' : undefined }}>
                  {c.cell(r)}
                </td>
              ))}
            </tr>
          ))}
        </tbody>
      </Box>
    </Box>
  );
}

const tableSx = {
  width: '100%',
  borderCollapse: 'collapse',
  typography: 'body2',
  '& th, & td': { px: 1, py: 0.75, borderBottom: 1, borderColor: 'divider', verticalAlign: 'top' },
  '& th': { fontWeight: 600, color: 'text.secondary', whiteSpace: 'nowrap' },
  '& tbody tr:last-of-type td': { borderBottom: 0 },
  '& caption': { captionSide: 'top', textAlign: 'left', pb: 1 },
  '& caption.visually-hidden': {
    position: 'absolute',
    // Pixels: a bare 1 in `sx` is 100%.
    width: '1px',
    height: '1px',
    overflow: 'hidden',
    clip: 'rect(0 0 0 0)',
    whiteSpace: 'nowrap',
  },
} as const;

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

/** Shows a chart's figures as its table, or the chart again (a toggle button). */
export function TableToggle({
  asTable,
  onChange,
  testId,
}: {
  asTable: boolean;
  onChange: (asTable: boolean) => void;
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Button
      size="small"
      variant={asTable ? 'outlined' : 'text'}
      startIcon={<TableChartIcon />}
      aria-pressed={asTable}
      onClick={() => onChange(!asTable)}
      data-testid={testId}
    >
      {t('dashboards.showTable')}
    </Button>
  );
}

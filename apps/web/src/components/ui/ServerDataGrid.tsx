import { Box } from '@mui/material';
import type {
  DataGridProps,
  GridColDef,
  GridPaginationModel,
  GridSortModel,
  GridValidRowModel,
} from '@mui/x-data-grid';
import { lazy, Suspense } from 'react';
import type { PhoneRow } from './gridLayout';

export const loadServerDataGrid = () => import('./ServerDataGridView');
const View = lazy(() => loadServerDataGrid().then((m) => ({ default: m.ServerDataGridView })));

/** The page and sort a server-side grid shows, and their changes (useServerGrid's `grid`). */
export interface ServerGridPaging {
  pagination: GridPaginationModel;
  onPagination: (model: GridPaginationModel) => void;
  sort: GridSortModel;
  onSort: (model: GridSortModel) => void;
}

/** One page of rows of a server-side grid, out of `total`. */
export interface ServerGridData<R> extends ServerGridPaging {
  rows: R[];
  total: number;
  loading: boolean;
}

/**
 * The props every server-side DataGrid shares: its page of rows out of the total, paged and
 * sorted by the server, the four page sizes, no client-side filtering, and no selection by a
 * row click.
 */
export function serverGridProps<R extends GridValidRowModel>(g: ServerGridData<R>) {
  return {
    autoHeight: true,
    rows: g.rows,
    rowCount: g.total,
    loading: g.loading,
    paginationMode: 'server',
    sortingMode: 'server',
    filterMode: 'server',
    paginationModel: g.pagination,
    onPaginationModelChange: g.onPagination,
    sortModel: g.sort,
    onSortModelChange: g.onSort,
    pageSizeOptions: [10, 25, 50, 100],
    disableRowSelectionOnClick: true,
    disableColumnFilter: true,
  } satisfies Partial<DataGridProps<R>>;
}

export interface ServerDataGridProps<R extends GridValidRowModel> extends ServerGridData<R> {
  /** `data-testid` of the box around the grid. */
  testId: string;
  ariaLabel: string;
  columns: GridColDef<R>[];
  /** The overlays (no rows, no results). */
  slots?: DataGridProps<R>['slots'];
  /** Makes rows clickable (pointer cursor). */
  onRowClick?: (row: R) => void;
  /** What a row shows on a phone, as a small card instead of the columns (see `useGridLayout`). */
  phone?: PhoneRow<R>;
}

/**
 * A DataGrid paged, sorted and filtered by the server, in the UI language. The grid's code
 * (~120 KB gz) is its own chunk: the page around it (title, filters, totals) shows while it
 * loads, in a box of the grid's height. Route pages with a grid preload it (app/routes/pages.ts).
 */
export function ServerDataGrid<R extends GridValidRowModel>(props: ServerDataGridProps<R>) {
  const rows = Math.min(props.pagination.pageSize, Math.max(props.rows.length, 1));
  return (
    <Suspense
      fallback={
        <Box
          data-testid={`${props.testId}-loading`}
          aria-busy="true"
          sx={{ width: '100%', height: 56 + 52 * rows + 56, bgcolor: 'background.paper', borderRadius: 1 }}
        />
      }
    >
      <View {...(props as unknown as ServerDataGridProps<GridValidRowModel>)} />
    </Suspense>
  );
}

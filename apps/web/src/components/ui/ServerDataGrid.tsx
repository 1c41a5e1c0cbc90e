import { Box } from '@mui/material';
import {
  DataGrid,
  type DataGridProps,
  type GridColDef,
  type GridPaginationModel,
  type GridSortModel,
  type GridValidRowModel,
} from '@mui/x-data-grid';
import { esES } from '@mui/x-data-grid/locales';
import { useTranslation } from 'react-i18next';

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

interface ServerDataGridProps<R extends GridValidRowModel> extends ServerGridData<R> {
  /** `data-testid` of the box around the grid. */
  testId: string;
  ariaLabel: string;
  columns: GridColDef<R>[];
  /** The overlays (no rows, no results). */
  slots?: DataGridProps<R>['slots'];
  /** Makes rows clickable (pointer cursor). */
  onRowClick?: (row: R) => void;
}

/** A DataGrid paged, sorted and filtered by the server, in the UI language. */
export function ServerDataGrid<R extends GridValidRowModel>(props: ServerDataGridProps<R>) {
  const { i18n } = useTranslation();
  const { onRowClick } = props;
  return (
    <Box sx={{ width: '100%' }} data-testid={props.testId}>
      <DataGrid
        autoHeight
        rows={props.rows}
        columns={props.columns}
        rowCount={props.total}
        loading={props.loading}
        paginationMode="server"
        sortingMode="server"
        filterMode="server"
        paginationModel={props.pagination}
        onPaginationModelChange={props.onPagination}
        sortModel={props.sort}
        onSortModelChange={props.onSort}
        pageSizeOptions={[10, 25, 50, 100]}
        disableRowSelectionOnClick
        disableColumnFilter
        onRowClick={onRowClick ? ({ row }) => onRowClick(row) : undefined}
        slots={props.slots}
        localeText={i18n.language === 'es' ? esES.components.MuiDataGrid.defaultProps.localeText : undefined}
        aria-label={props.ariaLabel}
        sx={onRowClick ? { '& .MuiDataGrid-row': { cursor: 'pointer' } } : undefined}
      />
    </Box>
  );
}

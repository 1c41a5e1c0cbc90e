import { Box } from '@mui/material';
import { DataGrid, type GridValidRowModel } from '@mui/x-data-grid';
import type { ServerDataGridProps } from './ServerDataGrid';
import { useGridLocaleText } from './useGridLocaleText';

/** A DataGrid paged, sorted and filtered by the server, in the UI language. */
export function ServerDataGridView<R extends GridValidRowModel>(props: ServerDataGridProps<R>) {
  const localeText = useGridLocaleText();
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
        localeText={localeText}
        aria-label={props.ariaLabel}
        sx={onRowClick ? { '& .MuiDataGrid-row': { cursor: 'pointer' } } : undefined}
      />
    </Box>
  );
}

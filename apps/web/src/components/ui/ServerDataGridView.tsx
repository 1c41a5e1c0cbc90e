import { Box } from '@mui/material';
import { DataGrid, type GridValidRowModel } from '@mui/x-data-grid';
import { type ServerDataGridProps, serverGridProps } from './ServerDataGrid';
import { useGridLocaleText } from './useGridLocaleText';

/** A DataGrid paged, sorted and filtered by the server, in the UI language. */
export function ServerDataGridView<R extends GridValidRowModel>(props: ServerDataGridProps<R>) {
  const localeText = useGridLocaleText();
  const { onRowClick } = props;
  return (
    <Box sx={{ width: '100%' }} data-testid={props.testId}>
      <DataGrid
        {...serverGridProps(props)}
        columns={props.columns}
        onRowClick={onRowClick ? ({ row }) => onRowClick(row) : undefined}
        slots={props.slots}
        localeText={localeText}
        aria-label={props.ariaLabel}
        sx={onRowClick ? { '& .MuiDataGrid-row': { cursor: 'pointer' } } : undefined}
      />
    </Box>
  );
}

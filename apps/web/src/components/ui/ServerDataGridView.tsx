import { Box } from '@mui/material';
import { DataGrid, type GridValidRowModel } from '@mui/x-data-grid';
import { useGridLayout } from './gridLayout';
import { type ServerDataGridProps, serverGridProps } from './ServerDataGrid';
import { useGridLocaleText } from './useGridLocaleText';

/** A DataGrid paged, sorted and filtered by the server, in the UI language. */
export function ServerDataGridView<R extends GridValidRowModel>(props: ServerDataGridProps<R>) {
  const localeText = useGridLocaleText();
  const { onRowClick } = props;
  const { compact, sx, ...layout } = useGridLayout(props.columns, props.phone, props.ariaLabel);
  return (
    <Box sx={{ width: '100%' }} data-testid={props.testId} data-layout={compact ? 'cards' : 'columns'}>
      <DataGrid
        {...serverGridProps(props)}
        {...layout}
        onRowClick={onRowClick ? ({ row }) => onRowClick(row) : undefined}
        slots={props.slots}
        localeText={localeText}
        aria-label={props.ariaLabel}
        sx={{ ...sx, ...(onRowClick ? { '& .MuiDataGrid-row': { cursor: 'pointer' } } : {}) }}
      />
    </Box>
  );
}

import type { GridPaginationModel, GridSortModel } from '@mui/x-data-grid';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { ServerGridPaging } from './ServerDataGrid';

/**
 * Page and sort state of a ServerDataGrid (`grid`), and the list query's `page`, `perPage`, `sortColumn`, `sort`.
 * A new sort, like a new filter (`resetPage`), goes back to the first page.
 */
export function useServerGrid<C extends string>(isSortColumn: (field: string) => field is C) {
  const [pagination, setPagination] = useState<GridPaginationModel>({ page: 0, pageSize: 10 });
  const [sort, setSort] = useState<GridSortModel>([]);
  const resetPage = () => setPagination((p) => ({ ...p, page: 0 }));
  const onSort = (model: GridSortModel) => {
    setSort(model);
    resetPage();
  };
  const item = sort[0];
  const pageParams = {
    page: pagination.page + 1,
    perPage: pagination.pageSize,
    ...(item?.sort && isSortColumn(item.field) ? { sortColumn: item.field, sort: item.sort } : {}),
  };
  const grid: ServerGridPaging = { pagination, onPagination: setPagination, sort, onSort };
  return { grid, resetPage, pageParams };
}

/** A grid column's date (`medium` style, UI language); '' when there is none. */
export function useDateCell() {
  const { i18n } = useTranslation();
  const format = useMemo(() => new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' }), [i18n.language]);
  return useMemo(() => (value: string) => (value ? format.format(new Date(value)) : ''), [format]);
}

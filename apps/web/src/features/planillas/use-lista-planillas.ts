import { keepPreviousData, useQuery } from '@tanstack/react-query';
import type { UseListParams } from '../../components/use-list-params.ts';
import { type PlanillaListApiQuery, planillaKeys, planillasApi } from './planillas-api.ts';

/**
 * A page of a procedure's attentions (the pending list and the views): the query of `q` (the previous page
 * stays on screen while the next one loads) and `DataTable`'s props for it, the page and sort kept in the
 * URL by `params` (by number when none), one row per attention, the query's failure above the table.
 */
export function useListaPlanillas(q: PlanillaListApiQuery, params: UseListParams) {
  const list = useQuery({
    queryKey: planillaKeys.list(q),
    queryFn: ({ signal }) => planillasApi.list(q, signal),
    placeholderData: keepPreviousData,
  });
  return {
    list,
    table: {
      rows: list.data?.items ?? [],
      total: list.data?.total ?? 0,
      page: params.page,
      loading: list.isFetching,
      onPageChange: params.setPage,
      sort: params.sort,
      onSort: (s: string | undefined) => params.setSort(s ?? 'numero'),
      rowKey: 'idPlanilla',
      fixedLayout: true,
      consulta: list,
    },
  };
}

import type { Page } from '@app/domain/catalogs/define';
import { keepPreviousData, type QueryKey, type UseQueryResult, useQuery } from '@tanstack/react-query';
import type { ListParamsOptions } from './list-params.ts';
import { type UseListParams, useListParams } from './use-list-params.ts';

export type PagedListOptions<T, Q> = ListParamsOptions & {
  /** What the list asks the server, from its URL params (without it, the params themselves). */
  request?: (params: UseListParams) => Q;
  /** The query key of that request. */
  queryKey: (request: Q) => QueryKey;
  /** Fetches the page. */
  queryFn: (request: Q, signal: AbortSignal) => Promise<Page<T>>;
  /** The page size the list asks for; without it, the one the server answers. */
  pageSize?: number;
};

/**
 * One list's plumbing: its search, page, sort and filters in the URL (`useListParams`), the query of
 * that page (the previous page stays on screen while the next one loads), and the paging props of
 * `DataTable` (`<DataTable {...list.table} …/>`).
 */
export function usePagedList<T, Q = UseListParams>({
  request: toRequest,
  queryKey,
  queryFn,
  pageSize,
  ...listOptions
}: PagedListOptions<T, Q>) {
  const params = useListParams(listOptions);
  const request = toRequest ? toRequest(params) : (params as unknown as Q);
  const query = useQuery({
    queryKey: queryKey(request),
    queryFn: ({ signal }) => queryFn(request, signal),
    placeholderData: keepPreviousData,
  });
  return {
    params,
    request,
    query,
    table: {
      rows: query.data?.items ?? [],
      total: query.data?.total ?? 0,
      page: params.page,
      pageSize: pageSize ?? query.data?.pageSize,
      loading: query.isFetching,
      onPageChange: params.setPage,
      consulta: query,
    },
  };
}

/**
 * `DataTable`'s paging props for a page query whose page is kept elsewhere (a tab's state, a filter
 * panel): its rows and total, and the spinner only while a page is fetched, not on a background refresh.
 */
export function tablaDeConsulta<T>(
  list: Pick<UseQueryResult<Page<T>>, 'data' | 'isFetching' | 'isRefetching' | 'error' | 'refetch'>,
  page: number,
  onPageChange: (page: number) => void,
) {
  return {
    rows: list.data?.items ?? [],
    total: list.data?.total ?? 0,
    page,
    onPageChange,
    loading: list.isFetching && !list.isRefetching,
    consulta: list,
  };
}

import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import {
  clearListParams,
  type ListParams,
  type ListParamsOptions,
  type ListParamsPatch,
  patchListParams,
  readListParams,
} from './list-params.ts';

export type UseListParams = ListParams & {
  /** Runs a search (back to page 1). */
  setQ: (q: string) => void;
  setPage: (page: number) => void;
  /** Field name, '-' prefix for descending; undefined returns to the default sort. */
  setSort: (sort: string | undefined) => void;
  /** Sets (or, with null/undefined/'', removes) one of the list's filters (back to page 1). */
  setFilter: (key: string, value: string | number | null | undefined) => void;
  /** Several changes in one history entry. */
  update: (patch: ListParamsPatch) => void;
  /** Clears the search, page and filters ('Todos los registros' / 'Limpiar filtros'). */
  clear: () => void;
};

/** q, page, sort and a list's filters kept in the URL search params, so a reload or a link keeps them. */
export function useListParams(options: ListParamsOptions = {}): UseListParams {
  const [searchParams, setSearchParams] = useSearchParams();
  const { defaultSort, namespace } = options;
  const filterKeysId = (options.filterKeys ?? []).join('|');
  // filterKeys is compared by content, so an inline array does not re-create the callbacks.
  const opts = useMemo<ListParamsOptions>(
    () => ({ defaultSort, namespace, filterKeys: filterKeysId ? filterKeysId.split('|') : [] }),
    [defaultSort, namespace, filterKeysId],
  );

  const params = useMemo(() => readListParams(searchParams, opts), [searchParams, opts]);

  const update = useCallback(
    (patch: ListParamsPatch) => setSearchParams((sp) => patchListParams(sp, patch, opts)),
    [setSearchParams, opts],
  );
  const clear = useCallback(
    () => setSearchParams((sp) => clearListParams(sp, opts)),
    [setSearchParams, opts],
  );

  return useMemo(
    () => ({
      ...params,
      update,
      clear,
      setQ: (q: string) => update({ q }),
      setPage: (page: number) => update({ page }),
      setSort: (sort: string | undefined) => update({ sort: sort ?? null }),
      setFilter: (key: string, value: string | number | null | undefined) =>
        update({ filters: { [key]: value } }),
    }),
    [params, update, clear],
  );
}

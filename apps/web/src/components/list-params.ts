/**
 * A list's search, page, sort and filters as URL search params (docs/design-summary.md §10: "Filters, sort and page live
 * in the URL"), so a reload or a shared link lands on the same list. Pure; `useListParams` binds it.
 */
export type ListParamsOptions = {
  /** Sort applied when the URL has none (not written to the URL). */
  defaultSort?: string;
  /** Extra filter params this list owns (cleared by `clear`); others (`tab`, ...) are left alone. */
  filterKeys?: readonly string[];
  /** Prefix for every key (`pagos.q`) when two lists share one page. */
  namespace?: string;
};

export type ListParams = {
  /** The search text ('' when none). */
  q: string;
  /** 1-based page. */
  page: number;
  /** Field name, '-' prefix for descending; the default sort when the URL has none. */
  sort: string | undefined;
  /** Values of `filterKeys` present in the URL. */
  filters: Record<string, string>;
};

export type ListParamsPatch = {
  q?: string | null;
  page?: number | null;
  sort?: string | null;
  filters?: Record<string, string | number | null | undefined>;
};

const keyOf = (name: string, opts: ListParamsOptions) =>
  opts.namespace ? `${opts.namespace}.${name}` : name;

export function parsePage(value: string | null | undefined): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1 ? n : 1;
}

export function readListParams(sp: URLSearchParams, opts: ListParamsOptions = {}): ListParams {
  const filters: Record<string, string> = {};
  for (const k of opts.filterKeys ?? []) {
    const v = sp.get(keyOf(k, opts));
    if (v !== null && v !== '') filters[k] = v;
  }
  return {
    q: sp.get(keyOf('q', opts)) ?? '',
    page: parsePage(sp.get(keyOf('page', opts))),
    sort: sp.get(keyOf('sort', opts)) || opts.defaultSort,
    filters,
  };
}

/**
 * New search params with `patch` applied. Changing the search, sort or a filter goes back to page 1.
 * Empty values, page 1 and the default sort are left out so URLs stay short.
 */
export function patchListParams(sp: URLSearchParams, patch: ListParamsPatch, opts: ListParamsOptions = {}) {
  const out = new URLSearchParams(sp);
  const set = (name: string, value: string | number | null | undefined) => {
    const key = keyOf(name, opts);
    if (value === null || value === undefined || value === '') out.delete(key);
    else out.set(key, String(value));
  };
  let resetPage = false;
  if (patch.q !== undefined) {
    set('q', patch.q?.trim());
    resetPage = true;
  }
  if (patch.sort !== undefined) {
    set('sort', patch.sort === opts.defaultSort ? null : patch.sort);
    resetPage = true;
  }
  for (const [k, v] of Object.entries(patch.filters ?? {})) {
    set(k, typeof v === 'string' ? v.trim() : v);
    resetPage = true;
  }
  if (patch.page !== undefined) set('page', patch.page && patch.page > 1 ? patch.page : null);
  else if (resetPage) set('page', null);
  return out;
}

/** Removes the search, page and this list's filters; keeps the sort and unrelated params. */
export function clearListParams(sp: URLSearchParams, opts: ListParamsOptions = {}) {
  const out = new URLSearchParams(sp);
  for (const k of ['q', 'page', ...(opts.filterKeys ?? [])]) out.delete(keyOf(k, opts));
  return out;
}

/** The query of a paged API list (`GET ...?q=&page=&pageSize=&sort=` plus filters). */
export function listQuery(params: ListParams, pageSize: number): Record<string, string | number | undefined> {
  return {
    ...params.filters,
    q: params.q.trim() || undefined,
    page: params.page,
    pageSize,
    sort: params.sort,
  };
}

/**
 * The params of another tab (`tab=key`): the page's own params stay, the lists inside the old tab
 * (their namespaced `{tab}.q`, `{tab}.page`, …) start over.
 */
export function conPestana(sp: URLSearchParams, key: string): URLSearchParams {
  const out = new URLSearchParams();
  for (const [k, v] of sp) if (!k.includes('.')) out.set(k, v);
  out.set('tab', key);
  return out;
}

import { describe, expect, it } from 'vitest';
import { tablaDeConsulta } from './use-paged-list.ts';

describe('tablaDeConsulta', () => {
  const pagina = { items: [{ id: 1 }], total: 31, page: 2, pageSize: 10 };
  const ir = (_p: number) => {};
  const base = { error: null, refetch: async () => ({}) as never };

  it('gives the page its rows and total, and the spinner while a page is fetched', () => {
    const t = tablaDeConsulta({ ...base, data: pagina, isFetching: true, isRefetching: false }, 2, ir);
    expect(t).toMatchObject({ rows: pagina.items, total: 31, page: 2, onPageChange: ir, loading: true });
  });

  it('keeps the spinner off during a background refresh of the same page', () => {
    expect(
      tablaDeConsulta({ ...base, data: pagina, isFetching: true, isRefetching: true }, 2, ir).loading,
    ).toBe(false);
  });

  it('shows an empty table before the first answer', () => {
    const t = tablaDeConsulta({ ...base, data: undefined, isFetching: true, isRefetching: false }, 1, ir);
    expect([t.rows, t.total]).toEqual([[], 0]);
  });

  it('hands the table its query, so that a failed page shows its message and Reintentar above the rows', () => {
    const fallo = { ...base, error: new Error('x'), data: undefined, isFetching: false, isRefetching: false };
    expect(tablaDeConsulta(fallo, 1, ir).consulta).toBe(fallo);
  });
});

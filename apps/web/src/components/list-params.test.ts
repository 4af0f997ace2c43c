import { describe, expect, it } from 'vitest';
import {
  clearListParams,
  conPestana,
  listQuery,
  parsePage,
  patchListParams,
  readListParams,
} from './list-params.ts';

const sp = (s: string) => new URLSearchParams(s);

describe('readListParams', () => {
  it('reads q, page, sort and declared filters', () => {
    const p = readListParams(sp('q=quito&page=3&sort=-codigo&tipo=A&tab=x'), {
      filterKeys: ['tipo', 'estado'],
    });
    expect(p).toEqual({ q: 'quito', page: 3, sort: '-codigo', filters: { tipo: 'A' } });
  });

  it('defaults: empty search, page 1, default sort', () => {
    expect(readListParams(sp(''), { defaultSort: 'nombre' })).toEqual({
      q: '',
      page: 1,
      sort: 'nombre',
      filters: {},
    });
  });

  it('ignores a bad page', () => {
    expect(parsePage('0')).toBe(1);
    expect(parsePage('-2')).toBe(1);
    expect(parsePage('2.5')).toBe(1);
    expect(parsePage('abc')).toBe(1);
    expect(parsePage(null)).toBe(1);
    expect(parsePage('7')).toBe(7);
  });

  it('reads namespaced keys', () => {
    const p = readListParams(sp('q=a&pagos.q=b&pagos.page=2'), { namespace: 'pagos' });
    expect(p.q).toBe('b');
    expect(p.page).toBe(2);
  });
});

describe('patchListParams', () => {
  it('a new search goes back to page 1 and keeps unrelated params', () => {
    const out = patchListParams(sp('q=a&page=4&tab=pagos'), { q: ' quito ' });
    expect(out.toString()).toBe('q=quito&tab=pagos');
  });

  it('sets and clears the page', () => {
    expect(patchListParams(sp('q=a'), { page: 2 }).toString()).toBe('q=a&page=2');
    expect(patchListParams(sp('q=a&page=2'), { page: 1 }).toString()).toBe('q=a');
  });

  it('leaves the default sort out of the URL', () => {
    const opts = { defaultSort: 'nombre' };
    expect(patchListParams(sp('page=3'), { sort: '-nombre' }, opts).toString()).toBe('sort=-nombre');
    expect(patchListParams(sp('sort=-nombre'), { sort: 'nombre' }, opts).toString()).toBe('');
    expect(patchListParams(sp('sort=-nombre'), { sort: null }, opts).toString()).toBe('');
  });

  it('sets and removes filters, back to page 1', () => {
    expect(patchListParams(sp('page=2'), { filters: { tipo: 'M' } }).toString()).toBe('tipo=M');
    expect(patchListParams(sp('tipo=M&page=2'), { filters: { tipo: '' } }).toString()).toBe('');
  });

  it('does not touch the input', () => {
    const input = sp('q=a');
    patchListParams(input, { q: 'b' });
    expect(input.toString()).toBe('q=a');
  });
});

describe('clearListParams', () => {
  it('drops search, page and filters but keeps sort and other params', () => {
    const out = clearListParams(sp('q=a&page=2&sort=-codigo&tipo=M&tab=usuarios'), { filterKeys: ['tipo'] });
    expect(out.toString()).toBe('sort=-codigo&tab=usuarios');
  });
});

describe('listQuery', () => {
  it('builds the API query', () => {
    expect(listQuery({ q: ' ana ', page: 2, sort: '-nombre', filters: { tipo: 'M' } }, 10)).toEqual({
      tipo: 'M',
      q: 'ana',
      page: 2,
      pageSize: 10,
      sort: '-nombre',
    });
    expect(listQuery({ q: '', page: 1, sort: undefined, filters: {} }, 10)).toEqual({
      q: undefined,
      page: 1,
      pageSize: 10,
      sort: undefined,
    });
  });
});

describe('conPestana', () => {
  it('keeps the page’s own params and starts the lists of the old tab over', () => {
    const sp = new URLSearchParams('estado=EN%20PROCESO&tab=cargas&cargas.q=abc&cargas.page=3');
    expect(conPestana(sp, 'atenciones').toString()).toBe('estado=EN+PROCESO&tab=atenciones');
  });
});

import { describe, expect, it } from 'vitest';
import { PAGE_SIZE, pageCount, sortFromOrder, sortOrderOf, totalLabel } from './data-table.ts';

describe('data table helpers', () => {
  it('says the total with Spanish grouping', () => {
    expect(totalLabel(1234)).toBe('Total: 1.234 registros');
    expect(totalLabel(1)).toBe('Total: 1 registro');
    expect(totalLabel(0)).toBe('Total: 0 registros');
  });

  it('maps the API sort to antd and back', () => {
    expect(sortOrderOf('nombre', 'nombre')).toBe('ascend');
    expect(sortOrderOf('-nombre', 'nombre')).toBe('descend');
    expect(sortOrderOf('-nombre', 'codigo')).toBeNull();
    expect(sortOrderOf(undefined, 'codigo')).toBeNull();
    expect(sortFromOrder('nombre', 'ascend')).toBe('nombre');
    expect(sortFromOrder('nombre', 'descend')).toBe('-nombre');
    expect(sortFromOrder('nombre', null)).toBeUndefined();
  });

  it('counts pages of 10', () => {
    expect(PAGE_SIZE).toBe(10);
    expect(pageCount(0)).toBe(1);
    expect(pageCount(10)).toBe(1);
    expect(pageCount(11)).toBe(2);
  });
});

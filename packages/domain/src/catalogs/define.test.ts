import { describe, expect, it } from 'vitest';
import { CATALOGS, catalogInputSchema, refLabelKey, validateCatalogInput } from './index.ts';

describe('catalogue declarations', () => {
  it('every catalogue is well formed', () => {
    for (const def of Object.values(CATALOGS)) {
      const names = def.fields.map((f) => f.name);
      expect(new Set(names).size, def.name).toBe(names.length);
      for (const s of def.searchFields) expect(names, `${def.name}.${s}`).toContain(s);
      expect([def.idField, ...names], def.name).toContain(def.defaultSort.replace(/^-/, ''));
      for (const f of def.fields) if (f.ref) expect(CATALOGS[f.ref.catalog], `${def.name}.${f.name}`).toBeDefined();
    }
  });
  it('required fields give the spec message and upper-case fields are upper-cased', () => {
    const def = CATALOGS.tipoiden;
    expect(validateCatalogInput(def, {})).toMatchObject({ codigo: 'El elemento Código no puede ser nulo.' });
    expect(validateCatalogInput(def, { codigo: '  ', nombre: 'x' })).toMatchObject({
      codigo: 'El elemento Código no puede ser nulo.',
    });
    const parsed = catalogInputSchema(def).parse({ codigo: 'c', nombre: 'cédula' });
    expect(parsed).toMatchObject({ codigo: 'C', nombre: 'CÉDULA' });
  });
  it('numbers are checked', () => {
    expect(validateCatalogInput(CATALOGS.plan, { nombre: 'X', valor: 'abc', duracionMeses: 0 })).toMatchObject({
      valor: expect.stringContaining('numérico'),
      duracionMeses: expect.stringContaining('mayor o igual a 1'),
    });
    expect(catalogInputSchema(CATALOGS.plan).parse({ nombre: 'x', valor: '12,5', duracionMeses: '3' })).toMatchObject({
      valor: '12.5',
      duracionMeses: 3,
    });
  });
  it('reference labels are named after the field', () => {
    expect(refLabelKey('idLocalidad')).toBe('localidadNombre');
  });
});

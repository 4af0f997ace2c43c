import { describe, expect, it } from 'vitest';
import { COLUMNAS_DATOS, type FilaDatos, MANUAL_COLUMNAS, TIPOS_LINEA } from '../cargas/columns.ts';
import { validateFila } from '../cargas/validate.ts';
import { isValidCedula } from '../common/validators.ts';
import {
  COLUMNAS_CON_NOVEDAD,
  candidatosNumeroAtencion,
  ejemploCsv,
  ejemploJson,
  filasEjemplo,
  manualDatos,
  PERIODO_EJEMPLO,
} from './manual-datos.ts';

const aFila = (r: Record<string, string>): FilaDatos =>
  Object.fromEntries(COLUMNAS_DATOS.map((c) => [c, r[c] === '' ? null : r[c]])) as FilaDatos;

describe('technical manual of the data file', () => {
  const manual = manualDatos({ idTramite: 77, maxMb: 200 });
  const tablaColumnas = manual.secciones
    .find((s) => s.id === 'columnas')!
    .bloques.find((b) => b.tipo === 'tabla')!;

  it('lists every column of the validator, in the file order, with its declared name and rule', () => {
    if (tablaColumnas.tipo !== 'tabla') throw new Error('no table');
    expect(tablaColumnas.filas.map((f) => f[0])).toEqual([...COLUMNAS_DATOS]);
    for (const c of MANUAL_COLUMNAS) {
      const fila = tablaColumnas.filas.find((f) => f[0] === c.columna)!;
      expect(fila[1]).toBe(c.etiqueta);
      expect(fila[3].startsWith(c.regla)).toBe(true);
      expect(fila[4]).toBe(c.obligatorio ? 'Sí' : 'No');
    }
  });

  it('marks as warnings exactly the rules the validator reports as novedades', () => {
    expect([...COLUMNAS_CON_NOVEDAD].sort()).toEqual(['cedula1', 'vSem']);
    // The validator's own warning: a bad check digit is a novedad, not an error.
    const [fila] = filasEjemplo(5);
    const r = validateFila(aFila({ ...fila, cedula1: '1710034066' }), { idTramite: 5, ...PERIODO_EJEMPLO });
    expect(r.errores).toEqual([]);
    expect(r.novedades.map((n) => n.columna)).toEqual(['cedula1']);
  });

  it('names every line kind', () => {
    const texto = JSON.stringify(manual);
    for (const [k, v] of Object.entries(TIPOS_LINEA)) expect(texto).toContain(JSON.stringify([k, v]));
    expect(texto).toContain('Tamaño máximo del archivo de datos: 200 MB.');
  });

  it('its example rows pass the validator and use valid cédulas', () => {
    for (const f of filasEjemplo(77)) {
      expect(validateFila(aFila(f), { idTramite: 77, ...PERIODO_EJEMPLO })).toEqual({
        errores: [],
        novedades: [],
      });
      expect(isValidCedula(f.cedula1)).toBe(true);
    }
  });

  it('the JSON and CSV examples carry the same rows with every column', () => {
    const json = JSON.parse(ejemploJson(77)) as Record<string, unknown>[];
    expect(json).toHaveLength(3);
    expect(Object.keys(json[0])).toEqual([...COLUMNAS_DATOS]);
    expect(json[0]).toMatchObject({ idTramite: 77, noPlanilla: '123', cedula1: '1710034065', vSem: 25.5 });
    const lineas = ejemploCsv(77).trimEnd().split('\n');
    expect(lineas[0]).toBe(COLUMNAS_DATOS.join(';'));
    expect(lineas).toHaveLength(4);
    expect(lineas[3].split(';')).toHaveLength(COLUMNAS_DATOS.length);
    expect(ejemploCsv(77, ',').split('\n')[0]).toBe(COLUMNAS_DATOS.join(','));
    const codigo = manual.secciones.find((s) => s.id === 'ejemplos')!.bloques;
    expect(codigo.some((b) => b.tipo === 'codigo' && b.texto === ejemploCsv(77))).toBe(true);
  });

  it('document names: the attention number and an optional _ or - suffix, longest match first', () => {
    expect(candidatosNumeroAtencion('123.pdf')).toEqual(['123']);
    expect(candidatosNumeroAtencion('123_1.pdf')).toEqual(['123_1', '123']);
    expect(candidatosNumeroAtencion('carpeta/123-informe.PDF')).toEqual(['123-informe', '123']);
    expect(candidatosNumeroAtencion('A-1_2.jpg')).toEqual(['A-1_2', 'A-1', 'A']);
    expect(candidatosNumeroAtencion('C:\\docs\\124.png')).toEqual(['124']);
  });
});

describe('JSON example as an object', () => {
  it('holds the same rows under "filas"', () => {
    const obj = JSON.parse(ejemploJson(9, true)) as { filas: unknown[] };
    expect(obj.filas).toEqual(JSON.parse(ejemploJson(9)));
  });
});

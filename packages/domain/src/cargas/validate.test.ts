import { describe, expect, it } from 'vitest';
import { COLUMNAS_DATOS, columnaDe, type FilaDatos } from './columns.ts';
import { MSG_CARGA } from './messages.ts';
import {
  estadosCargaPermitidos,
  formatoDeArchivo,
  periodoSemana,
  puedeEliminarCarga,
  puedeOrganizarCarga,
} from './rules.ts';
import { cargaCamposSchema } from './schemas.ts';
import { normalizarCie10, PATRON, parseDecimal, parseFecha, parseLMuerto, validateFila } from './validate.ts';

const ctx = { idTramite: 7, fechaDesde: '2026-03-01', fechaHasta: '2026-03-31' };

const fila = (over: Partial<FilaDatos> = {}): FilaDatos => ({
  idTramite: '7',
  noPlanilla: 'P-001',
  cedula1: '1710034065',
  cedula2: '0912345675',
  nombre: 'PÉREZ LOOR MARÍA JOSÉ',
  fIngreso: '2026-03-02',
  fSalida: '04/03/2026',
  diagPri: 'J06.9',
  diagSec: 'A09X',
  lMuerto: 'N',
  fTarifario: '1',
  noServicio: '99203',
  cantidad: '1',
  vSem: '25,50',
  vPaciente: '0',
  noModificador: null,
  nombreMedIns: 'DR. CARLOS VERA',
  tipo: 'P',
  fechaAtencion: '2026-03-03',
  ...over,
});

const columnas = (r: ReturnType<typeof validateFila>['errores']) => r.map((e) => e.columna);

describe('validateFila', () => {
  it('accepts a complete row in both date formats with a decimal comma', () => {
    expect(validateFila(fila(), ctx)).toEqual({ errores: [], novedades: [] });
  });

  it('optional columns may be empty (lMuerto N, fTarifario 1, vPaciente 0, fechaAtencion = ingreso)', () => {
    const r = validateFila(
      fila({
        cedula2: null,
        diagSec: null,
        lMuerto: null,
        fTarifario: null,
        vPaciente: null,
        fechaAtencion: null,
      }),
      ctx,
    );
    expect(r.errores).toEqual([]);
  });

  it('names every missing required column in Spanish', () => {
    const empty = Object.fromEntries(COLUMNAS_DATOS.map((c) => [c, null])) as FilaDatos;
    const r = validateFila(empty, ctx);
    expect(columnas(r.errores)).toEqual([
      'idTramite',
      'noPlanilla',
      'cedula1',
      'nombre',
      'fIngreso',
      'fSalida',
      'diagPri',
      'noServicio',
      'cantidad',
      'vSem',
      'tipo',
    ]);
    expect(r.errores[1].mensaje).toBe('La columna noPlanilla (Número de planilla) es obligatoria.');
  });

  it('idTramite must be the procedure being loaded', () => {
    const r = validateFila(fila({ idTramite: '8' }), ctx);
    expect(r.errores).toEqual([
      { columna: 'idTramite', valor: '8', mensaje: MSG_CARGA.idTramiteDistinto('8', 7) },
    ]);
    expect(columnas(validateFila(fila({ idTramite: 'siete' }), ctx).errores)).toEqual(['idTramite']);
  });

  it('cédula: 10 digits is an error, a bad check digit only a novedad', () => {
    expect(validateFila(fila({ cedula1: '171003406' }), ctx).errores[0]).toMatchObject({
      columna: 'cedula1',
      mensaje: 'La cédula del paciente debe tener 10 dígitos.',
    });
    const r = validateFila(fila({ cedula1: '1710034066' }), ctx);
    expect(r.errores).toEqual([]);
    expect(r.novedades).toEqual([
      {
        columna: 'cedula1',
        valor: '1710034066',
        mensaje: 'La cédula del paciente 1710034066 tiene un dígito verificador incorrecto.',
      },
    ]);
    expect(columnas(validateFila(fila({ cedula2: '12345' }), ctx).errores)).toEqual(['cedula2']);
  });

  it('dates: valid formats only, inside the period, ingreso ≤ salida, atención inside the stay', () => {
    expect(validateFila(fila({ fIngreso: '2026-02-30' }), ctx).errores[0].mensaje).toBe(
      'Fecha de ingreso "2026-02-30" no es una fecha válida: use AAAA-MM-DD o dd/MM/aaaa.',
    );
    expect(columnas(validateFila(fila({ fIngreso: '03-02-2026' }), ctx).errores)).toEqual(['fIngreso']);
    expect(validateFila(fila({ fIngreso: '2026-02-27' }), ctx).errores[0].mensaje).toBe(
      'Fecha de ingreso 27/02/2026 está fuera del período de la carga (01/03/2026 al 31/03/2026).',
    );
    expect(columnas(validateFila(fila({ fSalida: '01/04/2026' }), ctx).errores)).toEqual(['fSalida']);
    const inv = validateFila(
      fila({ fIngreso: '2026-03-05', fSalida: '2026-03-04', fechaAtencion: null }),
      ctx,
    );
    expect(inv.errores).toEqual([
      {
        columna: 'fSalida',
        valor: '2026-03-04',
        mensaje: 'La fecha de salida 04/03/2026 es anterior a la fecha de ingreso 05/03/2026.',
      },
    ]);
    expect(validateFila(fila({ fechaAtencion: '2026-03-10' }), ctx).errores[0]).toMatchObject({
      columna: 'fechaAtencion',
      mensaje:
        'La fecha de atención 10/03/2026 no está entre la fecha de ingreso 02/03/2026 y la de salida 04/03/2026.',
    });
  });

  it('CIE-10 format (existence is checked in SQL)', () => {
    expect(validateFila(fila({ diagPri: 'j069', diagSec: 'K35.8' }), ctx).errores).toEqual([]);
    expect(columnas(validateFila(fila({ diagPri: '069J', diagSec: 'A 09' }), ctx).errores)).toEqual([
      'diagPri',
      'diagSec',
    ]);
  });

  it('quantities, values, factor, tipo and lMuerto', () => {
    const r = validateFila(
      fila({ cantidad: '-2', vSem: '-1', vPaciente: 'abc', fTarifario: '0', tipo: 'Z', lMuerto: 'quizá' }),
      ctx,
    );
    expect(r.errores.map((e) => [e.columna, e.mensaje])).toEqual([
      ['lMuerto', 'Paciente fallecido (lMuerto) debe ser S o N.'],
      ['fTarifario', 'El factor tarifario debe ser un número mayor que 0.'],
      ['cantidad', 'La cantidad debe ser un número entero mayor o igual a 1.'],
      ['vSem', 'El valor unitario debe ser un número mayor o igual a 0.'],
      ['vPaciente', 'El valor pagado por el paciente debe ser un número mayor o igual a 0.'],
      [
        'tipo',
        'El tipo de línea debe ser P (procedimiento), M (medicamento), I (insumo), L (laboratorio) o X (imagen).',
      ],
    ]);
    expect(columnas(validateFila(fila({ cantidad: '1.5' }), ctx).errores)).toEqual(['cantidad']);
    expect(columnas(validateFila(fila({ cantidad: '0' }), ctx).errores)).toEqual(['cantidad']);
    expect(validateFila(fila({ tipo: 'x', lMuerto: 'true', vSem: '0' }), ctx).errores).toEqual([]);
  });

  it('lengths that the attention tables can hold', () => {
    const r = validateFila(fila({ noPlanilla: 'N'.repeat(41), noServicio: 'S'.repeat(31) }), ctx);
    expect(r.errores.map((e) => e.mensaje)).toEqual([
      'Número de planilla admite como máximo 40 caracteres.',
      'Código de servicio admite como máximo 30 caracteres.',
    ]);
  });
});

describe('parsers', () => {
  it('dates', () => {
    expect(parseFecha('2026-03-02')).toBe('2026-03-02');
    expect(parseFecha('2/3/2026')).toBe('2026-03-02');
    expect(parseFecha('29/02/2024')).toBe('2024-02-29');
    expect(parseFecha('29/02/2026')).toBeNull();
    expect(parseFecha('2026-13-01')).toBeNull();
    expect(parseFecha('2026/03/02')).toBeNull();
    expect(parseFecha('')).toBeNull();
    expect(parseFecha('2026-3-02')).toBeNull();
    expect(parseFecha('123/03/2026')).toBeNull();
    expect(parseFecha('1/3/26')).toBeNull();
    expect(parseFecha('01/03/2026/1')).toBeNull();
    expect(parseFecha('0a/03/2026')).toBeNull();
    expect(parseFecha('+1/03/2026')).toBeNull();
    expect(parseFecha('2026-03-0x')).toBeNull();
  });
  it('dates: the parser and the SQL patterns agree', () => {
    const iso = new RegExp(PATRON.fechaIso);
    const dmy = new RegExp(PATRON.fechaDmy);
    for (const v of [
      '2026-03-02',
      '2/3/2026',
      '29/02/2024',
      '31/04/2026',
      '2026-3-2',
      '1/3/26',
      '12/12/12345',
      '2026-02-29',
      '9999-01-01',
    ]) {
      if (parseFecha(v) !== null) expect(iso.test(v) || dmy.test(v), v).toBe(true);
    }
  });
  it('decimals, CIE-10, lMuerto', () => {
    expect(parseDecimal('12,5')).toBe(12.5);
    expect(parseDecimal('1.234,5')).toBeNull();
    expect(parseDecimal('1e3')).toBeNull();
    expect(normalizarCie10(' a09x ')).toBe('A09');
    expect(normalizarCie10('J06.9')).toBe('J069');
    expect(normalizarCie10('X59')).toBe('X59');
    expect(normalizarCie10('X59X')).toBe('X59');
    expect(parseLMuerto('s')).toBe(true);
    expect(parseLMuerto('FALSE')).toBe(false);
    expect(parseLMuerto('si')).toBeNull();
  });
  it('patterns are plain enough for PostgreSQL', () => {
    for (const p of Object.values(PATRON)) expect(p).not.toMatch(/\(\?<|\\p\{/);
  });
});

describe('columns and rules', () => {
  it('headers are matched case-insensitively, with a BOM', () => {
    expect(columnaDe('\uFEFFIDTRAMITE')).toBe('idTramite');
    expect(columnaDe(' fechaatencion ')).toBe('fechaAtencion');
    expect(columnaDe('otra')).toBeUndefined();
  });
  it('formats by extension', () => {
    expect(formatoDeArchivo('Datos.JSON')).toBe('json');
    expect(formatoDeArchivo('a.b.xlsx')).toBe('xlsx');
    expect(formatoDeArchivo('datos.xls')).toBeNull();
    expect(formatoDeArchivo('csv')).toBeNull();
  });
  it('upload states by load type', () => {
    expect(estadosCargaPermitidos('M')).toEqual(['REGISTRADO', 'CARGADO']);
    expect(estadosCargaPermitidos('S')).toContain('DOCUMENTADO');
    expect(estadosCargaPermitidos('A')).not.toContain('ENVIADO');
  });
  it('weeks are 7-day blocks from the start, cut at the end', () => {
    const t = { fechaDesde: '2026-03-02', fechaHasta: '2026-03-20' };
    expect(periodoSemana(t, 1)).toEqual({ fechaDesde: '2026-03-02', fechaHasta: '2026-03-08' });
    expect(periodoSemana(t, 3)).toEqual({ fechaDesde: '2026-03-16', fechaHasta: '2026-03-20' });
    expect(periodoSemana(t, 4)).toBeNull();
  });
  it('delete and organise predicates', () => {
    const base = { estado: 1, estadoProceso: 'COMPLETADA', tieneErrores: 0, tienePlanillas: 0 };
    expect(puedeOrganizarCarga(base)).toBe(true);
    expect(puedeEliminarCarga(base)).toBe(false);
    expect(puedeEliminarCarga({ ...base, tieneErrores: 1 })).toBe(true);
    expect(puedeEliminarCarga({ ...base, estadoProceso: 'FALLIDA', tieneErrores: 1 })).toBe(true);
    // A valid load: before sending only (issue 14 §2).
    for (const e of ['REGISTRADO', 'CARGADO', 'ESTRUCTURADO', 'DOCUMENTADO'])
      expect(puedeEliminarCarga(base, e), e).toBe(true);
    for (const e of ['ENVIADO', 'EN PROCESO', 'FINALIZADO', 'ANULADO'])
      expect(puedeEliminarCarga(base, e), e).toBe(false);
    expect(puedeEliminarCarga({ ...base, tieneErrores: 1 }, 'EN PROCESO')).toBe(true);
    expect(puedeEliminarCarga({ ...base, estado: 0 }, 'REGISTRADO')).toBe(false);
    expect(puedeEliminarCarga({ ...base, estadoProceso: 'PROCESANDO' }, 'REGISTRADO')).toBe(false);
    expect(puedeOrganizarCarga({ ...base, tienePlanillas: 1 })).toBe(false);
    expect(puedeOrganizarCarga({ ...base, estadoProceso: 'PROCESANDO' })).toBe(false);
  });
  it('upload fields', () => {
    expect(cargaCamposSchema.parse({ fechaModificacion: '1767225600000' }).fechaModificacion).toBe(
      '2026-01-01T00:00:00.000Z',
    );
    expect(cargaCamposSchema.safeParse({ fechaDesde: '2026-03-05', fechaHasta: '2026-03-01' }).success).toBe(
      false,
    );
    expect(cargaCamposSchema.safeParse({ fechaDesde: '2026-03-05' }).success).toBe(false);
  });
});

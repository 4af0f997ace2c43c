import { describe, expect, it } from 'vitest';
import { buildMenu } from '../navigation.ts';
import { COLUMNAS_PAGO, MANUAL_COLUMNAS_PAGO } from './columns.ts';
import './index.ts';
import { ejemploPagosCsv, filasPagoEjemplo, manualPagos } from './manual-pagos.ts';
import { MSG_FINANZAS } from './messages.ts';
import { puedeCargarPagos, puedeExportarFhir, puedeVerFinanzas } from './rules.ts';
import { leerMonto, validarEncabezadoPago, validarFilaPago } from './validate.ts';

describe('leerMonto', () => {
  it('decimal point or comma, at most 2 decimals, canonical text, never a float', () => {
    expect(leerMonto('25.5')).toEqual({ valor: '25.50' });
    expect(leerMonto('25,50')).toEqual({ valor: '25.50' });
    expect(leerMonto(' 0 ')).toEqual({ valor: '0.00' });
    expect(leerMonto('007.1')).toEqual({ valor: '7.10' });
    expect(leerMonto('999999999999.99')).toEqual({ valor: '999999999999.99' });
    expect(leerMonto('-0')).toEqual({ valor: '0.00' });
  });
  it('refuses what is not an amount, with the reason', () => {
    for (const v of ['abc', '1.234,56', '12,5,0', '', '$5', '1e3', '25.', 'NaN']) {
      expect(leerMonto(v), v).toEqual({ error: 'numero' });
    }
    expect(leerMonto('-5')).toEqual({ error: 'negativo' });
    expect(leerMonto('1.005')).toEqual({ error: 'decimales' });
    expect(leerMonto('1000000000000')).toEqual({ error: 'grande' });
  });
});

describe('validarEncabezadoPago', () => {
  it('columns in any order and case; optional ones may be left out', () => {
    const r = validarEncabezadoPago(['\uFEFFVALORPAGADO', 'noplanilla', 'idTramite']);
    expect(r.errores).toEqual([]);
    expect(r.columnas).toEqual(['valorPagado', 'noPlanilla', 'idTramite']);
  });
  it('missing required, unknown and repeated columns are each a Spanish error', () => {
    const r = validarEncabezadoPago(['idTramite', 'noPlanilla', 'vSem', 'noPlanilla']);
    expect(r.errores).toEqual([
      MSG_FINANZAS.faltanColumnas('valorPagado (Valor pagado)'),
      MSG_FINANZAS.columnasDesconocidas('vSem'),
      MSG_FINANZAS.columnasRepetidas('noPlanilla'),
    ]);
  });
});

describe('validarFilaPago', () => {
  const ok = {
    idTramite: '7',
    noPlanilla: '123',
    noServicio: 'n02be01',
    fechaAtencion: '02/03/2026',
    valorPagado: '0,40',
    fechaPago: '2026-04-15',
    referencia: 'TRF-1',
  };
  it('a good row: trimmed, code upper-case, ISO dates, canonical amount', () => {
    expect(validarFilaPago(ok, 7)).toEqual({
      fila: {
        idTramite: 7,
        noPlanilla: '123',
        noServicio: 'N02BE01',
        fechaAtencion: '2026-03-02',
        valorPagado: '0.40',
        fechaPago: '2026-04-15',
        referencia: 'TRF-1',
      },
      errores: [],
    });
    expect(validarFilaPago({ idTramite: '7', noPlanilla: '124', valorPagado: '3.1' }, 7).fila).toMatchObject({
      noServicio: null,
      fechaAtencion: null,
      fechaPago: null,
      valorPagado: '3.10',
    });
  });
  it('every problem of a row is reported', () => {
    const r = validarFilaPago(
      { idTramite: '8', noPlanilla: '', fechaAtencion: '31/02/2026', valorPagado: 'doce', fechaPago: 'ayer' },
      7,
    );
    expect(r.fila).toBeNull();
    expect(r.errores).toEqual([
      MSG_FINANZAS.requerido('número de planilla', 'noPlanilla'),
      MSG_FINANZAS.tramiteDistinto('8', 7),
      MSG_FINANZAS.noEsNumero('Valor pagado', 'doce'),
      MSG_FINANZAS.fechaInvalida('Fecha de atención', '31/02/2026'),
      MSG_FINANZAS.fechaInvalida('Fecha de pago', 'ayer'),
      MSG_FINANZAS.fechaSinCodigo,
    ]);
    expect(validarFilaPago({ ...ok, valorPagado: '-1' }, 7).errores).toEqual([
      MSG_FINANZAS.negativo('Valor pagado'),
    ]);
    expect(validarFilaPago({ ...ok, valorPagado: '' }, 7).errores).toEqual([
      MSG_FINANZAS.requerido('valor pagado', 'valorPagado'),
    ]);
    expect(validarFilaPago({ ...ok, referencia: 'X'.repeat(61) }, 7).errores).toEqual([
      MSG_FINANZAS.muyLargo('Referencia', 60),
    ]);
  });
});

describe('manual of the payment file', () => {
  it('its column table is the declaration, in order, and its example passes the validator', () => {
    const m = manualPagos({ idTramite: 42 });
    const tabla = m.secciones.find((s) => s.id === 'columnas')?.bloques.find((b) => b.tipo === 'tabla');
    expect(tabla && tabla.tipo === 'tabla' && tabla.filas.map((f) => f[0])).toEqual([...COLUMNAS_PAGO]);
    expect(MANUAL_COLUMNAS_PAGO.map((c) => c.columna)).toEqual([...COLUMNAS_PAGO]);
    const csv = ejemploPagosCsv(42);
    const [header, ...rows] = csv.trim().split('\n');
    const enc = validarEncabezadoPago(header.split(';'));
    expect(enc.errores).toEqual([]);
    for (const row of rows) {
      const cells = Object.fromEntries(row.split(';').map((v, i) => [enc.columnas[i], v]));
      expect(validarFilaPago(cells, 42).errores, row).toEqual([]);
    }
    expect(filasPagoEjemplo(42).map((f) => f.valorPagado)).toEqual(['25.50', '0,40', '3.10']);
    const codigo = m.secciones.flatMap((s) => s.bloques).find((b) => b.tipo === 'codigo');
    expect(codigo && codigo.tipo === 'codigo' && codigo.texto).toBe(csv);
  });
});

describe('who handles the money', () => {
  it('16, 17 and 19 see the report; the payment file only once FINALIZADO', () => {
    expect([1, 15, 16, 17, 18, 19, 20].filter(puedeVerFinanzas)).toEqual([16, 17, 19]);
    expect(puedeCargarPagos(17, 'FINALIZADO')).toBe(true);
    expect(puedeCargarPagos(17, 'PLANILLAJE')).toBe(false);
    expect(puedeCargarPagos(18, 'FINALIZADO')).toBe(false);
  });
  it('FHIR: 18 and 20 only under T', () => {
    expect(puedeExportarFhir(15, 'U')).toBe(true);
    expect(puedeExportarFhir(18, 'U')).toBe(false);
    expect(puedeExportarFhir(20, 'T')).toBe(true);
  });
  it('the manual is in the Ayuda menu of those who upload payments', () => {
    const flags = { menuProcesos: true, menuReportes: true, menuParametros: true, menuAyuda: true };
    const ayuda = (idPerfil: number) =>
      buildMenu({ ...flags, idPerfil } as never, 5)
        .find((s) => s.key === 'ayuda')
        ?.items.map((i) => i.route) ?? [];
    expect(ayuda(17)).toContain('/manual-pagos');
    expect(ayuda(15)).not.toContain('/manual-pagos');
  });
});

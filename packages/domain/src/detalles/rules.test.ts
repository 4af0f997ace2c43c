import { describe, expect, it } from 'vitest';
import { MSG_DETALLE_EDICION as M } from './messages.ts';
import {
  canAuditarValores,
  canEditarDetalle,
  canToggleDetalle,
  detalleEditable,
  fechaDentro,
  menuEditarVisible,
} from './rules.ts';
import { busquedaDetalleQuerySchema, detalleAprobadoSchema, detalleCrearSchema } from './schemas.ts';

describe('who writes line items and when (docs/spec-summary.md 001 §4, §6)', () => {
  it('16, 17, 18 and 19 add and edit; only 16, 17, 18 approve amounts and toggle lines', () => {
    expect([15, 16, 17, 18, 19, 20].filter(canEditarDetalle)).toEqual([16, 17, 18, 19]);
    expect([15, 16, 17, 18, 19, 20].filter(canAuditarValores)).toEqual([16, 17, 18]);
    expect([15, 16, 17, 18, 19, 20].filter(canToggleDetalle)).toEqual([16, 17, 18]);
  });

  it('lines are written in RECIBIDO, EN PROCESO, PLANILLAJE; the Edit menu item only in RECIBIDO', () => {
    expect(
      ['RECIBIDO', 'EN PROCESO', 'PLANILLAJE', 'OBSERVACIONES', 'ENVIADO'].filter(detalleEditable),
    ).toEqual(['RECIBIDO', 'EN PROCESO', 'PLANILLAJE']);
    expect(menuEditarVisible('RECIBIDO')).toBe(true);
    expect(menuEditarVisible('EN PROCESO')).toBe(false);
  });

  it('the line date is inside the attention dates', () => {
    expect(fechaDentro('2026-03-03', '2026-03-03', '2026-03-05')).toBe(true);
    expect(fechaDentro('2026-03-06', '2026-03-03', '2026-03-05')).toBe(false);
  });
});

describe('line form schemas', () => {
  const first = (r: { success: boolean; error?: { issues: Array<{ message: string }> } }) =>
    r.error?.issues[0]?.message;

  it("'La cantidad no puede ser menor que 1', an element required, amounts as text only", () => {
    expect(first(detalleCrearSchema.safeParse({ idElemento: 1, cantidad: 0, version: 1 }))).toBe(
      M.cantidadMinima,
    );
    expect(first(detalleCrearSchema.safeParse({ cantidad: 1, version: 1 }))).toBe(M.elementoRequerido);
    expect(
      detalleCrearSchema.safeParse({ idElemento: 1, cantidad: 1, valorUni: 12.5, version: 1 }).success,
    ).toBe(false);
    expect(
      detalleCrearSchema.safeParse({ codigoPrestador: 'X-1', cantidad: 2, valorUni: '12.5', version: 1 })
        .success,
    ).toBe(true);
    expect(first(detalleAprobadoSchema.safeParse({ valorAprobado: '1.005', version: 1 }))).toBe(
      M.valorInvalido,
    );
  });

  it('searches need 2 characters and page by 5', () => {
    expect(first(busquedaDetalleQuerySchema.safeParse({ q: 'a' }))).toBe(M.busquedaCorta);
    expect(busquedaDetalleQuerySchema.parse({ q: 'co' })).toMatchObject({ page: 1, pageSize: 5 });
  });
});

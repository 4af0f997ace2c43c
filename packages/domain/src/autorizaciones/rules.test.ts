import { describe, expect, it } from 'vitest';
import { estadosCargaPermitidos, estadosOrganizar } from '../cargas/rules.ts';
import {
  ESTADOS_CARGA_AUTORIZACION,
  puedeAnular,
  puedeCargarConAutorizacion,
  puedeResolver,
  puedeSolicitar,
  semanaIso,
  semanasDeRango,
} from './rules.ts';

describe('authorizations', () => {
  it('a request needs the Solicitudes rule and a state that can take its loads', () => {
    expect(puedeSolicitar({ estadoTramite: 'RECIBIDO', numCargas: 1 })).toBe(true);
    expect(puedeSolicitar({ estadoTramite: 'OBSERVACIONES', numCargas: 0 })).toBe(true);
    expect(puedeSolicitar({ estadoTramite: 'DOCUMENTADO', numCargas: 1 })).toBe(false);
    expect(puedeSolicitar({ estadoTramite: 'DOCUMENTADO', numCargas: 2 })).toBe(true);
    expect(puedeSolicitar({ estadoTramite: 'ENVIADO', numCargas: 2 })).toBe(false);
    expect(puedeSolicitar({ estadoTramite: 'FINALIZADO', numCargas: 2 })).toBe(false);
  });

  it('supervisors (16, 17, 19) answer pending requests; the provider annuls its own', () => {
    for (const p of [16, 17, 19]) expect(puedeResolver(p, { estadoAut: 'SOLICITADA' })).toBe(true);
    for (const p of [15, 18, 20, 1]) expect(puedeResolver(p, { estadoAut: 'SOLICITADA' })).toBe(false);
    expect(puedeResolver(17, { estadoAut: 'APROBADA' })).toBe(false);
    expect(puedeAnular(15, { estadoAut: 'SOLICITADA' })).toBe(true);
    expect(puedeAnular(15, { estadoAut: 'RECHAZADA' })).toBe(false);
  });

  it('A loads: from CARGADO on, never ENVIADO, PLANILLAJE or FINALIZADO; organised in the same states', () => {
    expect(estadosCargaPermitidos('A')).toEqual(ESTADOS_CARGA_AUTORIZACION);
    expect(estadosOrganizar('A')).toEqual(ESTADOS_CARGA_AUTORIZACION);
    expect(estadosOrganizar('M')).toEqual(['CARGADO', 'ESTRUCTURADO', 'DOCUMENTADO']);
    for (const e of ['REGISTRADO', 'ENVIADO', 'PLANILLAJE', 'FINALIZADO'])
      expect(puedeCargarConAutorizacion(e, { estadoAut: 'APROBADA' })).toBe(false);
    expect(puedeCargarConAutorizacion('EN PROCESO', { estadoAut: 'APROBADA' })).toBe(true);
    expect(puedeCargarConAutorizacion('EN PROCESO', { estadoAut: 'SOLICITADA' })).toBe(false);
  });
});

describe('weeks', () => {
  it('ISO weeks: year boundaries', () => {
    expect(semanaIso('2026-01-01')).toEqual({
      anio: 2026,
      numero: 1,
      fechaDesde: '2025-12-29',
      fechaHasta: '2026-01-04',
    });
    expect(semanaIso('2027-01-01')).toMatchObject({ anio: 2026, numero: 53 });
    expect(semanaIso('2024-12-30')).toMatchObject({ anio: 2025, numero: 1 });
  });

  it('the weeks touching a range, in order; none for an inverted one', () => {
    const s = semanasDeRango('2026-03-01', '2026-03-31');
    expect(s.map((w) => w.numero)).toEqual([9, 10, 11, 12, 13, 14]);
    expect(semanasDeRango('2026-03-02', '2026-03-08')).toHaveLength(1);
    expect(semanasDeRango('2026-03-31', '2026-03-01')).toEqual([]);
    expect(semanasDeRango('2025-12-20', '2026-01-10').map((w) => `${w.anio}-${w.numero}`)).toEqual([
      '2025-51',
      '2025-52',
      '2026-1',
      '2026-2',
    ]);
  });
});

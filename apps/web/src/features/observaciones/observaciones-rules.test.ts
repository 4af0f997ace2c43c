import { MSG_OBSERVACION } from '@app/domain/observaciones/messages';
import { describe, expect, it } from 'vitest';
import type { ObservacionItem } from './observaciones-api.ts';
import {
  detalleObsPath,
  filtrarObservaciones,
  puedeModificar,
  respuestaPath,
  tipoInicial,
} from './observaciones-rules.ts';

const item = (o: Partial<ObservacionItem>): ObservacionItem =>
  ({
    id: 1,
    nivel: 'PLANILLA',
    tipo: 'M',
    observacionEstandar: 'COBRO EXCESIVO',
    observacionComplementaria: null,
    respuestaEstandar: null,
    respuestaComplementaria: null,
    codigoDetalle: null,
    descripcionDetalle: null,
    ronda: null,
    ...o,
  }) as ObservacionItem;

describe('observation screens', () => {
  it('filters by every word, without accents or case', () => {
    const a = item({ id: 1, observacionComplementaria: 'FALTA LA FIRMA' });
    const b = item({ id: 2, respuestaComplementaria: 'SE ADJUNTA CÁLCULO', codigoDetalle: '99203' });
    expect(filtrarObservaciones([a, b], '')).toEqual([a, b]);
    expect(filtrarObservaciones([a, b], 'firma falta')).toEqual([a]);
    expect(filtrarObservaciones([a, b], 'calculo')).toEqual([b]);
    expect(filtrarObservaciones([a, b], '99203 cobro')).toEqual([b]);
    expect(filtrarObservaciones([a, b], 'nada')).toEqual([]);
  });

  it('edits only drafts of the same process (docs/spec-summary.md 001 §4)', () => {
    expect(puedeModificar(item({}), 'M')).toBeNull();
    expect(puedeModificar(item({}), 'D')).toBe(MSG_OBSERVACION.tipoDistinto('M'));
    expect(puedeModificar(item({ ronda: 1 }), 'M')).toBe(MSG_OBSERVACION.yaEnviada);
  });

  it('opens review screens with the profile type: 17 M, 19 D, the URL first, none for 16', () => {
    expect(tipoInicial(17, null)).toBe('M');
    expect(tipoInicial(19, null)).toBe('D');
    expect(tipoInicial(17, 'D')).toBe('D');
    expect(tipoInicial(16, null)).toBeUndefined();
  });

  it('builds the spec routes', () => {
    expect(detalleObsPath(5, 'EN PROCESO', 9, 'M', true, 3)).toBe(
      '/planilladet_pladetobs/5/EN%20PROCESO/9/M/1?idPlanilla=3',
    );
    expect(respuestaPath({ nivel: 'PLANILLA', id: 4, tipo: 'D' })).toBe('/pla-obs-respuesta/4/D');
    expect(respuestaPath({ nivel: 'DETALLE', id: 4, tipo: 'M' })).toBe('/pla-det-obs-respuesta/4/M');
  });
});

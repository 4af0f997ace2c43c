import { REPORTES_ESTADISTICOS } from '@app/domain';
import { describe, expect, it } from 'vitest';
import { STATE_HEX } from '../../components/states.ts';
import { datosGrafico, textoCelda } from './grafico-datos.ts';

describe('datosGrafico: the chart placed from the rows the server computed', () => {
  it('a column as the series: one per state, coloured as the state, 0 where a month has none', () => {
    const g = datosGrafico(REPORTES_ESTADISTICOS['tramites-por-fecha'], [
      { mes: '2026-09', estado: 'EN PROCESO', tramites: 1, atenciones: 60, reclamado: '10.00' },
      { mes: '2026-09', estado: 'FINALIZADO', tramites: 2, atenciones: 15, reclamado: '5.00' },
      { mes: '2026-10', estado: 'ENVIADO', tramites: 3, atenciones: 41, reclamado: '1.00' },
    ]);
    expect(g.categorias).toEqual(['09/2026', '10/2026']);
    expect(g.series).toEqual([
      { nombre: 'EN PROCESO', datos: [1, 0], color: STATE_HEX.orange },
      { nombre: 'FINALIZADO', datos: [2, 0], color: STATE_HEX.green },
      { nombre: 'ENVIADO', datos: [0, 3], color: STATE_HEX.geekblue },
    ]);
    expect(g.enteros).toBe(true);
  });

  it('columns as series: reviewed and pending per user, in the review states’ colours', () => {
    const g = datosGrafico(REPORTES_ESTADISTICOS['tramites-asignaciones'], [
      {
        proceso: 'Auditoría médica',
        usuario: 'a@x.ec',
        asignadas: 3,
        revisadas: 1,
        pendientes: 2,
        avance: 33.3,
      },
    ]);
    expect(g.categorias).toEqual(['a@x.ec · Auditoría médica']);
    expect(g.series.map((s) => [s.nombre, s.datos, s.color])).toEqual([
      ['Revisadas', [1], STATE_HEX.blue],
      ['Pendientes', [2], STATE_HEX.default],
    ]);
  });

  it('the chart’s own rows and money values; the limit of rows', () => {
    const g = datosGrafico(REPORTES_ESTADISTICOS['tramites-estadisticas'], [
      { mes: '2026-09', reclamado: '1234.50', aprobado: '1000.00', glosa: '234.50' },
    ]);
    expect(g.series.map((s) => s.datos[0])).toEqual([1234.5, 1000, 234.5]);
    expect(g.formatoValor(1234.5)).toBe('$ 1.234,50');
    const avance = REPORTES_ESTADISTICOS['tramites-avance'];
    const filas = Array.from({ length: 30 }, (_, i) => ({ numero: `T${i}`, avanceAm: i, avanceGd: 0 }));
    expect(datosGrafico(avance, filas).categorias).toHaveLength(20);
  });

  it('cells as the page shows them', () => {
    expect(textoCelda('mes', '2026-03')).toBe('Marzo 2026');
    expect(textoCelda('fecha', '2026-03-05')).toBe('05/03/2026');
    expect(textoCelda('monto', '1234.5')).toBe('$ 1.234,50');
    expect(textoCelda('porcentaje', 9.1)).toBe('9,10 %');
    expect(textoCelda('entero', 0)).toBe('0');
  });
});

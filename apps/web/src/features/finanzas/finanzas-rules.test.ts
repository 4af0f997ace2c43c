import { MSG_FINANZAS } from '@app/domain/finanzas/messages';
import { describe, expect, it } from 'vitest';
import { opcionesFinanzas } from './finanzas-rules.ts';

const t = (estadoTramite: string, tipoAsignacion: string | null = 'U') => ({ estadoTramite, tipoAsignacion });

describe('opcionesFinanzas', () => {
  it('16, 17 and 19: the report (CSV and Excel) always, the payment file only once FINALIZADO, FHIR', () => {
    for (const p of [16, 17, 19]) {
      expect(opcionesFinanzas(t('EN PROCESO'), p)).toEqual([
        { key: 'reporte', label: MSG_FINANZAS.descargarReporte },
        { key: 'reporteXlsx', label: MSG_FINANZAS.descargarReporteExcel },
        { key: 'pagos', label: MSG_FINANZAS.cargarPagos, disabled: MSG_FINANZAS.cargarSoloFinalizado },
        { key: 'fhir', label: MSG_FINANZAS.exportarFhir },
      ]);
      expect(opcionesFinanzas(t('FINALIZADO'), p)[2]).toEqual({
        key: 'pagos',
        label: MSG_FINANZAS.cargarPagos,
      });
    }
  });
  it('the provider and the administrator: FHIR only; 18 and 20 only under T', () => {
    expect(opcionesFinanzas(t('FINALIZADO'), 15).map((o) => o.key)).toEqual(['fhir']);
    expect(opcionesFinanzas(t('FINALIZADO'), 1).map((o) => o.key)).toEqual(['fhir']);
    expect(opcionesFinanzas(t('FINALIZADO'), 18)).toEqual([]);
    expect(opcionesFinanzas(t('FINALIZADO', 'T'), 20).map((o) => o.key)).toEqual(['fhir']);
  });
});

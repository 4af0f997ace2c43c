import { MSG_FINANZAS } from '@app/domain/finanzas/messages';
import { puedeCargarPagos, puedeExportarFhir, puedeVerFinanzas } from '@app/domain/finanzas/rules';

export type TramiteFinanzas = {
  idTramite: number;
  numero: string;
  estadoTramite: string;
  tipoAsignacion: string | null;
};
export type OpcionFinanzas = 'reporte' | 'reporteXlsx' | 'pagos' | 'fhir';

/** Which money actions a profile gets on a procedure (the same predicates the API applies). */
export function opcionesFinanzas(
  t: Pick<TramiteFinanzas, 'estadoTramite' | 'tipoAsignacion'>,
  idPerfil: number,
) {
  const out: { key: OpcionFinanzas; label: string; disabled?: string }[] = [];
  if (puedeVerFinanzas(idPerfil)) {
    out.push({ key: 'reporte', label: MSG_FINANZAS.descargarReporte });
    out.push({ key: 'reporteXlsx', label: MSG_FINANZAS.descargarReporteExcel });
    out.push({
      key: 'pagos',
      label: MSG_FINANZAS.cargarPagos,
      disabled: puedeCargarPagos(idPerfil, t.estadoTramite) ? undefined : MSG_FINANZAS.cargarSoloFinalizado,
    });
  }
  if (puedeExportarFhir(idPerfil, t.tipoAsignacion ?? 'U'))
    out.push({ key: 'fhir', label: MSG_FINANZAS.exportarFhir });
  return out;
}

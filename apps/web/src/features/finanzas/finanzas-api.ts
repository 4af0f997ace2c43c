import type { PagoCarga, PagosTramite } from '@app/domain/finanzas/responses';
import { downloadFile } from '../../components/download.ts';
import { type FormatoExport, nombreExport } from '../../components/exportar.ts';
import { api } from '../../lib/api.ts';

export type { PagoCarga, PagosTramite };

export const finanzasKeys = {
  all: ['finanzas'] as const,
  pagos: (idTramite: number) => ['finanzas', 'pagos', idTramite] as const,
};

/** Money out of a procedure (issue 15 items 2 and 5): financial CSV, payment file, FHIR export. */
export const finanzasApi = {
  /** reporte_financiero.csv, or reporte_financiero.xlsx (`formato=xlsx`). */
  reporte: (idTramite: number, formato: FormatoExport = 'csv') =>
    downloadFile(
      `/tramites/${idTramite}/reporte-financiero`,
      nombreExport('reporte_financiero.csv', formato),
      { formato },
    ),
  fhir: (idTramite: number) => downloadFile(`/tramites/${idTramite}/fhir`, `tramite-${idTramite}.fhir.json`),
  pagos: (idTramite: number, signal?: AbortSignal) =>
    api<PagosTramite>(`/tramites/${idTramite}/pagos`, { signal }),
  /** multipart as docs/spec-summary.md 000 §7 `cargafinans/upload`: the file and its last-modified time. */
  cargarPagos: (idTramite: number, archivo: File) => {
    const form = new FormData();
    form.append('fechaModificacion', String(archivo.lastModified));
    form.append('archivo', archivo);
    return api<PagoCarga>(`/tramites/${idTramite}/pagos`, { method: 'POST', body: form });
  },
};

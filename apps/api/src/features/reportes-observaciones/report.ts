import { REPORTES_PDF } from '@app/domain/reportes/pdf';
import type { Queryable } from '../../db/client.ts';
import { renderReporte } from '../reportes/cache.ts';

/*
 * Reports 4–9 as e-mail attachments (features/correo renders them at send time). The reports live
 * in features/reportes (route, data, models, worker thread); this is the outbox's way in.
 */

export type PeticionReporte = { reportId: number; idTramite: number; idCarga?: number | null };

/**
 * Report 4–9 of a procedure as one Buffer, drawn in the report worker thread. The messages go to
 * the provider (4/5) or are about what the provider answered (6/7): the observations sent to the
 * provider only, never drafts (the provider's view).
 */
export async function renderReporteObservaciones(
  db: Queryable,
  r: PeticionReporte,
): Promise<{ pdf: Buffer; nombre: string }> {
  const def = REPORTES_PDF[r.reportId];
  if (!def?.tipo) throw new Error(`reporte ${r.reportId} desconocido`);
  return renderReporte(db, {
    reportId: r.reportId,
    idTramite: r.idTramite,
    idCarga: r.idCarga ?? null,
    idPlanilla: null,
    tipo: def.tipo,
    vista: 'P',
  });
}

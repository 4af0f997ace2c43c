import { BLOQUES_REPORTES, MSG_REPORTE, REPORTES_PDF, reportesHabilitados } from '@app/domain/reportes/pdf';

/** A report button of the procedure page: enabled, or disabled with the reason shown as its tooltip. */
export type BotonReporte = {
  id: number;
  label: string;
  titulo: string;
  tipo?: 'M' | 'D';
  motivo: string | null;
};
export type BloqueReportes = { titulo: string; botones: BotonReporte[] };

/** The operatives (18 AM, 20 GD): a report of every attention only under assignment to everybody (T). */
const OPERATIVOS = [18, 20];

/**
 * The two report blocks of the audit side of the procedure page (docs/spec-summary.md 000 §2): block 1 the AM and
 * GD observations and the consolidated and detailed attention sheets, block 2 the observations with
 * answers. Enabled from ENVIADO on (docs/decisions.md 47); the operatives 18 and 20 read a whole
 * procedure's reports only when it is assigned to everybody, as the API answers (403 otherwise).
 */
export function bloquesReportes(
  t: { estadoTramite: string; tipoAsignacion: string | null },
  idPerfil: number,
): BloqueReportes[] {
  const motivo = !reportesHabilitados(t.estadoTramite)
    ? MSG_REPORTE.deshabilitado
    : OPERATIVOS.includes(idPerfil) && t.tipoAsignacion !== 'T'
      ? MSG_REPORTE.soloAsignacionTodos
      : null;
  return BLOQUES_REPORTES.map((b) => ({
    titulo: b.titulo,
    botones: b.items.map((i) => {
      const tipo = REPORTES_PDF[i.id].tipo;
      return {
        id: i.id,
        label: i.label,
        titulo: REPORTES_PDF[i.id].titulo,
        ...(tipo ? { tipo } : {}),
        motivo,
      };
    }),
  }));
}

/** The API path of a procedure report. */
export const rutaReporte = (id: number, idTramite: number) => `/reportes/pdf/${id}/${idTramite}`;

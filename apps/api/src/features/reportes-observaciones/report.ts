import { formatDate, formatDateTime } from '@app/domain';
import type { Queryable } from '../../db/client.ts';
import { logoDataUrl, type ReportTable, renderTableReport } from '../../lib/pdf.ts';

export type TipoObs = 'M' | 'D';
export type ClaseReporte = 'observaciones' | 'respuestas' | 'completo';

/**
 * The observation reports of spec 001 §7 'Downloads and reports', by id: 4/5 the observations raised
 * (AM/GD), 6/7 the observations with their answers (the answers report), 8/9 observations and
 * answers with their state and who wrote them. (Report 9 of one attention sheet is
 * GET /api/v1/planillas/:id/resumen.pdf.)
 */
export const REPORTES: Record<number, { tipo: TipoObs; clase: ClaseReporte; titulo: string }> = {
  4: { tipo: 'M', clase: 'observaciones', titulo: 'Reporte de Observaciones de Auditoría Médica' },
  5: { tipo: 'D', clase: 'observaciones', titulo: 'Reporte de Observaciones de Gestión Documental' },
  6: { tipo: 'M', clase: 'respuestas', titulo: 'Reporte de Respuestas a Observaciones de Auditoría Médica' },
  7: {
    tipo: 'D',
    clase: 'respuestas',
    titulo: 'Reporte de Respuestas a Observaciones de Gestión Documental',
  },
  8: { tipo: 'M', clase: 'completo', titulo: 'Observaciones y Respuestas de Auditoría Médica' },
  9: { tipo: 'D', clase: 'completo', titulo: 'Observaciones y Respuestas de Gestión Documental' },
};
export const REPORTE_IDS = Object.keys(REPORTES).map(Number);

/** Rows printed at most (a procedure with more observations gets a note saying so). */
export const MAX_FILAS = 50_000;

/** In reports the type is shown as P (procedure, medical audit) or D (document): spec 001 §1. */
const LETRA: Record<TipoObs, string> = { M: 'P', D: 'D' };

type Cabecera = {
  numero: string;
  descripcion: string;
  estado: string;
  fechaDesde: string;
  fechaHasta: string;
  prestador: string;
  aseguradora: string;
  idEmpresa: number;
  cargaDesde: string | null;
  cargaHasta: string | null;
};

export type FilaReporte = {
  nivel: 'PLANILLA' | 'DETALLE';
  numero: string;
  cedula: string;
  paciente: string;
  fechaAtencion: string | null;
  codigo: string | null;
  detalle: string | null;
  observacion: string;
  complementaria: string | null;
  respuestaEstandar: string | null;
  respuesta: string | null;
  respondida: boolean;
  fechaReg: Date;
  fechaAct: Date | null;
  usuario: string | null;
};

/** Observations of one type on the procedure's active attentions (optionally one load), with answers. */
export async function filasReporte(
  db: Queryable,
  idTramite: number,
  tipo: TipoObs,
  idCarga: number | null,
  limit = MAX_FILAS + 1,
): Promise<FilaReporte[]> {
  return db.query<FilaReporte>(
    `WITH obs AS (
       SELECT 'PLANILLA' AS nivel, o.id_pla_obs AS id, o.id_planilla, NULL::int AS id_det, o.id_observacion,
              o.descripcion, o.id_respuesta, o.respuesta, o.fecha_reg, o.fecha_act, o.id_usuario_reg
         FROM pla_obs o JOIN planilla p ON p.id_planilla = o.id_planilla
        WHERE p.id_tramite = $1 AND p.estado = 1 AND o.estado = 1 AND o.observacion_tipo = $2
          AND ($3::int IS NULL OR p.id_carga = $3)
       UNION ALL
       SELECT 'DETALLE', o.id_pla_det_obs, o.id_planilla, o.id_planilla_det, o.id_observacion,
              o.descripcion, o.id_respuesta, o.respuesta, o.fecha_reg, o.fecha_act, o.id_usuario_reg
         FROM pla_det_obs o JOIN planilla p ON p.id_planilla = o.id_planilla
        WHERE p.id_tramite = $1 AND p.estado = 1 AND o.estado = 1 AND o.observacion_tipo = $2
          AND ($3::int IS NULL OR p.id_carga = $3)
     )
     SELECT x.nivel, p.numero, p.cedula, p.nombre AS paciente, p.fecha_desde AS "fechaAtencion",
            d.codigo, d.descripcion AS detalle, ob.descripcion AS observacion, x.descripcion AS complementaria,
            re.descripcion AS "respuestaEstandar", x.respuesta,
            (x.id_respuesta IS NOT NULL OR nullif(trim(x.respuesta), '') IS NOT NULL) AS respondida,
            x.fecha_reg AS "fechaReg", x.fecha_act AS "fechaAct", u.nombre AS usuario
       FROM obs x
       JOIN planilla p ON p.id_planilla = x.id_planilla
       JOIN observacion ob ON ob.id_observacion = x.id_observacion
       LEFT JOIN planilla_det d ON d.id_planilla_det = x.id_det
       LEFT JOIN respuesta re ON re.id_respuesta = x.id_respuesta
       LEFT JOIN usuario u ON u.id_usuario = x.id_usuario_reg
      ORDER BY p.numero, p.id_planilla, x.nivel DESC, d.codigo NULLS FIRST, x.id
      LIMIT $4`,
    [idTramite, tipo, idCarga, limit],
  );
}

const texto = (v: string | null | undefined) => (v && v.trim() !== '' ? v : '');
const nivel = (f: FilaReporte) => (f.nivel === 'PLANILLA' ? 'Atención' : 'Detalle');
const elemento = (f: FilaReporte) => (f.codigo ? `${f.codigo}${f.detalle ? ` – ${f.detalle}` : ''}` : '');
const observacion = (f: FilaReporte) =>
  texto(f.complementaria) ? `${f.observacion}\n${f.complementaria}` : f.observacion;
const respuesta = (f: FilaReporte) =>
  [texto(f.respuestaEstandar), texto(f.respuesta)].filter(Boolean).join('\n') || 'Sin respuesta';

function tabla(
  clase: ClaseReporte,
  tipo: TipoObs,
  filas: FilaReporte[],
): Pick<ReportTable, 'columns' | 'rows'> {
  const paciente = (f: FilaReporte) => `${f.paciente}\n${f.cedula}`;
  if (clase === 'observaciones') {
    return {
      columns: [
        { header: 'N°', width: 22 },
        { header: 'Planilla', width: 55 },
        { header: 'Paciente / Cédula', width: 110 },
        { header: 'Fecha atención', width: 55 },
        { header: 'Nivel', width: 45 },
        { header: 'Tipo', width: 24 },
        { header: 'Elemento', width: 110 },
        { header: 'Observación estándar' },
        { header: 'Observación complementaria' },
        { header: 'Fecha registro', width: 55 },
      ],
      rows: filas.map((f, i) => [
        String(i + 1),
        f.numero,
        paciente(f),
        formatDate(f.fechaAtencion),
        nivel(f),
        LETRA[tipo],
        elemento(f),
        f.observacion,
        texto(f.complementaria),
        formatDate(f.fechaReg),
      ]),
    };
  }
  if (clase === 'respuestas') {
    return {
      columns: [
        { header: 'N°', width: 22 },
        { header: 'Planilla', width: 55 },
        { header: 'Paciente / Cédula', width: 105 },
        { header: 'Nivel', width: 45 },
        { header: 'Elemento', width: 100 },
        { header: 'Observación' },
        { header: 'Respuesta estándar' },
        { header: 'Respuesta complementaria' },
        { header: 'Fecha respuesta', width: 55 },
      ],
      rows: filas.map((f, i) => [
        String(i + 1),
        f.numero,
        paciente(f),
        nivel(f),
        elemento(f),
        observacion(f),
        texto(f.respuestaEstandar) || (f.respondida ? '' : 'Sin respuesta'),
        texto(f.respuesta),
        f.respondida ? formatDate(f.fechaAct ?? f.fechaReg) : '',
      ]),
    };
  }
  return {
    columns: [
      { header: 'N°', width: 22 },
      { header: 'Planilla', width: 55 },
      { header: 'Paciente / Cédula', width: 105 },
      { header: 'Nivel', width: 45 },
      { header: 'Tipo', width: 24 },
      { header: 'Elemento', width: 95 },
      { header: 'Observación' },
      { header: 'Respuesta' },
      { header: 'Estado', width: 58 },
      { header: 'Registrada', width: 90 },
    ],
    rows: filas.map((f, i) => [
      String(i + 1),
      f.numero,
      paciente(f),
      nivel(f),
      LETRA[tipo],
      elemento(f),
      observacion(f),
      respuesta(f),
      f.respondida ? 'Respondida' : 'Pendiente',
      `${formatDateTime(f.fechaReg)}${f.usuario ? `\n${f.usuario}` : ''}`,
    ]),
  };
}

export type PeticionReporte = { reportId: number; idTramite: number; idCarga?: number | null };

/**
 * Renders report 4–9 of a procedure (the caller has checked access). Used by the PDF route and by
 * the outbox, which attaches it to the observations / answers e-mails at send time.
 */
export async function renderReporteObservaciones(
  db: Queryable,
  r: PeticionReporte,
): Promise<{ pdf: Buffer; nombre: string; filas: number }> {
  const def = REPORTES[r.reportId];
  if (!def) throw new Error(`reporte ${r.reportId} desconocido`);
  const idCarga = r.idCarga ?? null;
  const [c] = await db.query<Cabecera>(
    `SELECT t.numero, t.descripcion, t.estado_tramite AS estado, t.fecha_desde AS "fechaDesde", t.fecha_hasta AS "fechaHasta",
            pr.nombre_comercial AS prestador, e.razon_social AS aseguradora, e.id_empresa AS "idEmpresa",
            ca.fecha_desde AS "cargaDesde", ca.fecha_hasta AS "cargaHasta"
       FROM tramite t JOIN prestador pr ON pr.id_prestador = t.id_prestador
       JOIN empresa e ON e.id_empresa = t.id_empresa_aseguradora
       LEFT JOIN carga ca ON ca.id_carga = $2 AND ca.id_tramite = t.id_tramite
      WHERE t.id_tramite = $1`,
    [r.idTramite, idCarga],
  );
  if (!c) throw new Error(`trámite ${r.idTramite} no existe`);
  const todas = await filasReporte(db, r.idTramite, def.tipo, idCarga);
  const filas = todas.slice(0, MAX_FILAS);
  const respondidas = filas.filter((f) => f.respondida).length;
  const { columns, rows } = tabla(def.clase, def.tipo, filas);
  const pdf = await renderTableReport({
    title: `${def.titulo} – Trámite ${c.numero}`,
    subtitle: [
      `Prestador: ${c.prestador} · Período: ${formatDate(c.fechaDesde)} – ${formatDate(c.fechaHasta)} · Estado: ${c.estado}`,
      `Descripción: ${c.descripcion}`,
      ...(c.cargaDesde ? [`Carga: ${formatDate(c.cargaDesde)} – ${formatDate(c.cargaHasta)}`] : []),
      `Tipo: ${LETRA[def.tipo]} (${def.tipo === 'M' ? 'Auditoría Médica' : 'Gestión Documental'}) · Observaciones: ${filas.length} · Respondidas: ${respondidas} · Pendientes: ${filas.length - respondidas}`,
      ...(todas.length > MAX_FILAS ? [`Se muestran las primeras ${MAX_FILAS} observaciones.`] : []),
    ],
    empresa: c.aseguradora,
    logo: await logoDataUrl(db, c.idEmpresa),
    columns,
    rows,
    emptyText: 'No hay observaciones para este trámite/tipo.',
  });
  const clase = {
    observaciones: 'observaciones',
    respuestas: 'respuestas',
    completo: 'observaciones_respuestas',
  }[def.clase];
  const nombre = `${clase}_${def.tipo}_${c.numero}`.replace(/[^\w.-]+/g, '_');
  return { pdf, nombre: `${nombre}.pdf`, filas: filas.length };
}

import { formatDate, PERFIL } from '@app/domain';
import type { Queryable } from '../../db/client.ts';
import { tramite } from '../../db/schema/index.ts';
import { columnas, consulta, lista, type SQL, sql, una } from '../../lib/sql.ts';
import { type AdjuntoSpec, type CorreoNuevo, enqueueMail, type TipoObs } from './outbox.ts';

/** Where the links of the messages point (PUBLIC_URL); set by the correo plugin at start. */
let publicUrlDefault = process.env.PUBLIC_URL || 'http://localhost:3000';
export function setPublicUrl(url: string) {
  publicUrlDefault = url.replace(/\/+$/, '');
}

export const TIPO_TEXTO: Record<TipoObs, string> = {
  M: 'Auditoría Médica',
  D: 'Gestión Documental',
};

/** Report ids of docs/spec-summary.md 001 §7: observations (4 AM, 5 GD) and answers (6 M, 7 D). */
const REPORTE_OBSERVACIONES: Record<TipoObs, number> = { M: 4, D: 5 };
const REPORTE_RESPUESTAS: Record<TipoObs, number> = { M: 6, D: 7 };

const LOGO_CID = 'logo-aseguradora';

function escapeHtml(s: string): string {
  return s.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string,
  );
}

/** What a message of the observation conversation says; built into HTML and plain text. */
export type Mensaje = {
  aseguradora: string;
  /** With a logo, the HTML shows `cid:` of the inline attachment. */
  conLogo: boolean;
  saludo: string;
  parrafos: string[];
  datos: Array<[string, string]>;
  enlace: { texto: string; url: string };
  pie: string;
};

/** The HTML body: a plain table layout that mail clients render, the insurer's logo on top. */
function buildHtml(m: Mensaje): string {
  const e = escapeHtml;
  const logo = m.conLogo
    ? `<img src="cid:${LOGO_CID}" alt="${e(m.aseguradora)}" style="max-height:48px;max-width:180px;display:block">`
    : `<strong style="font-size:18px">${e(m.aseguradora)}</strong>`;
  const filas = m.datos
    .map(
      ([k, v]) =>
        `<tr><td style="padding:4px 12px 4px 0;color:#555;white-space:nowrap">${e(k)}</td><td style="padding:4px 0"><strong>${e(v)}</strong></td></tr>`,
    )
    .join('');
  return `<!DOCTYPE html><html lang="es"><head><meta charset="utf-8"><title>${e(m.aseguradora)}</title></head>
<body style="margin:0;padding:0;background:#f5f7fa;font-family:Arial,Helvetica,sans-serif;color:#222">
<table role="presentation" width="100%" cellpadding="0" cellspacing="0" style="background:#f5f7fa;padding:24px 0"><tr><td align="center">
<table role="presentation" width="600" cellpadding="0" cellspacing="0" style="background:#fff;border:1px solid #e5e7eb;border-radius:6px">
<tr><td style="padding:20px 24px;border-bottom:3px solid #1677ff">${logo}</td></tr>
<tr><td style="padding:24px;font-size:14px;line-height:1.5">
<p>${e(m.saludo)}</p>
${m.parrafos.map((p) => `<p>${e(p)}</p>`).join('\n')}
<table role="presentation" cellpadding="0" cellspacing="0" style="margin:12px 0;font-size:14px">${filas}</table>
<p style="margin:24px 0"><a href="${e(m.enlace.url)}" style="background:#1677ff;color:#fff;padding:10px 18px;border-radius:4px;text-decoration:none;display:inline-block">${e(m.enlace.texto)}</a></p>
<p style="font-size:12px;color:#555">Si el botón no funciona, copie este enlace en su navegador:<br><a href="${e(m.enlace.url)}">${e(m.enlace.url)}</a></p>
</td></tr>
<tr><td style="padding:16px 24px;border-top:1px solid #e5e7eb;font-size:12px;color:#777">${e(m.pie)}</td></tr>
</table></td></tr></table></body></html>`;
}

/** The plain-text body of the same message. */
function buildText(m: Mensaje): string {
  const ancho = Math.max(...m.datos.map(([k]) => k.length), 0);
  return [
    m.aseguradora,
    '',
    m.saludo,
    '',
    ...m.parrafos.flatMap((p) => [p, '']),
    ...m.datos.map(([k, v]) => `${k.padEnd(ancho)}  ${v}`),
    '',
    `${m.enlace.texto}: ${m.enlace.url}`,
    '',
    '--',
    m.pie,
    '',
  ].join('\n');
}

type DatosTramite = {
  numero: string;
  descripcion: string;
  fechaDesde: string;
  fechaHasta: string;
  prestador: string;
  idEmpresaPrestador: number;
  idSuscripcion: number;
  aseguradora: string;
  idEmpresaAseguradora: number;
  conLogo: boolean;
  cargaDesde: string | null;
  cargaHasta: string | null;
  observaciones: number;
  respondidas: number;
};

/** What a message says of its procedure, provider, insurer and load (aliases t, pr, e, c). */
const DATOS_TRAMITE = lista([
  columnas(tramite, 't', {
    solo: ['numero', 'descripcion', 'fechaDesde', 'fechaHasta'],
    extra: { prestador: 'pr.nombre_comercial', idEmpresaPrestador: 'pr.id_empresa' },
  }),
  columnas(tramite, 't', {
    solo: ['idSuscripcion'],
    extra: {
      aseguradora: 'e.razon_social',
      idEmpresaAseguradora: 'e.id_empresa',
      conLogo: `EXISTS (SELECT 1 FROM empresa_img i WHERE i.id_empresa = e.id_empresa
                  AND i.tipo IN ('image/png', 'image/jpeg'))`,
      cargaDesde: 'c.fecha_desde',
      cargaHasta: 'c.fecha_hasta',
    },
  }),
]);
/** An observation answered (by a standard answer or a text). */
const RESPONDIDA = sql`AND (o.id_respuesta IS NOT NULL OR o.respuesta IS NOT NULL)`;

async function datosTramite(
  q: Queryable,
  idTramite: number,
  tipo: TipoObs,
  idCarga?: number | null,
): Promise<DatosTramite> {
  const carga = idCarga ?? null;
  // The procedure's active observations of the type (of the load, if given), at both levels.
  const de = sql`p.id_tramite = t.id_tramite AND p.estado = 1 AND o.estado = 1 AND o.observacion_tipo = ${tipo}
    AND (${carga}::int IS NULL OR p.id_carga = ${carga})`;
  const contar = (y: SQL) => sql`(SELECT count(*)::int FROM (
      SELECT 1 FROM pla_obs o JOIN planilla p ON p.id_planilla = o.id_planilla WHERE ${de} ${y}
      UNION ALL
      SELECT 1 FROM pla_det_obs o JOIN planilla p ON p.id_planilla = o.id_planilla WHERE ${de} ${y}) x)`;
  const d = await una<DatosTramite>(
    q,
    sql`SELECT ${DATOS_TRAMITE}, ${contar(sql.empty())} AS observaciones, ${contar(RESPONDIDA)} AS respondidas
       FROM tramite t
       JOIN prestador pr ON pr.id_prestador = t.id_prestador
       JOIN empresa e ON e.id_empresa = t.id_empresa_aseguradora
       LEFT JOIN carga c ON c.id_carga = ${carga} AND c.id_tramite = t.id_tramite
      WHERE t.id_tramite = ${idTramite}`,
  );
  if (!d) throw new Error(`correo: trámite ${idTramite} no existe`);
  return d;
}

/** The e-mail of a user: the person's e-mail when set, else the login (which is an e-mail). */
const EMAIL_USUARIO = sql`coalesce(nullif(trim(pe.email), ''), u.nombre)`;

/** Active provider users (profile 15) of the company that owns the procedure's provider. */
async function destinatariosPrestador(q: Queryable, idEmpresaPrestador: number): Promise<string[]> {
  const rows = await consulta<{ email: string }>(
    q,
    sql`SELECT DISTINCT ${EMAIL_USUARIO} AS email FROM usuario u LEFT JOIN persona pe ON pe.id_persona = u.id_persona
      WHERE u.id_empresa = ${idEmpresaPrestador} AND u.id_perfil = ${PERFIL.PRESTADOR} AND u.activo ORDER BY 1`,
  );
  return rows.map((r) => r.email).filter((e) => e.includes('@'));
}

/** Active supervisors of the type (17 for M, 19 for D) in the procedure's subscription. */
async function destinatariosSupervisores(
  q: Queryable,
  idSuscripcion: number,
  tipo: TipoObs,
): Promise<string[]> {
  const perfil = tipo === 'M' ? PERFIL.SUPERVISOR_AM : PERFIL.SUPERVISOR_GD;
  const rows = await consulta<{ email: string }>(
    q,
    sql`SELECT DISTINCT ${EMAIL_USUARIO} AS email FROM usuario u LEFT JOIN persona pe ON pe.id_persona = u.id_persona
      WHERE u.id_suscripcion = ${idSuscripcion} AND u.id_perfil = ${perfil} AND u.activo ORDER BY 1`,
  );
  return rows.map((r) => r.email).filter((e) => e.includes('@'));
}

export type EnvioObservaciones = {
  idTramite: number;
  tipo: TipoObs;
  /** The load (period) the observations were raised on; all loads when omitted. */
  idCarga?: number | null;
  /** Who triggered the message (stamped on the outbox row). */
  idUsuario: number;
  /** PUBLIC_URL for the link; the server's configured one when omitted. */
  publicUrl?: string;
};

export type Encolado = { idCorreo: number | null; destinatarios: string[] };

function periodo(d: DatosTramite): string {
  return `${formatDate(d.fechaDesde)} – ${formatDate(d.fechaHasta)}`;
}

function datosComunes(d: DatosTramite, tipo: TipoObs): Array<[string, string]> {
  return [
    ['Trámite', d.numero],
    ['Prestador', d.prestador],
    ['Período', periodo(d)],
    ...(d.cargaDesde
      ? [['Carga', `${formatDate(d.cargaDesde)} – ${formatDate(d.cargaHasta)}`] as [string, string]]
      : []),
    ['Tipo de observación', `${tipo} – ${TIPO_TEXTO[tipo]}`],
  ];
}

function adjuntos(d: DatosTramite, reporte: AdjuntoSpec): AdjuntoSpec[] {
  return d.conLogo
    ? [reporte, { clase: 'logo', idEmpresa: d.idEmpresaAseguradora, cid: LOGO_CID }]
    : [reporte];
}

/** Queues the message `m` to `para` with the procedure's report `reportId` (and the insurer's logo) attached. */
async function encolarConReporte(
  tx: Queryable,
  a: EnvioObservaciones,
  d: DatosTramite,
  para: string[],
  m: Mensaje,
  o: { clase: CorreoNuevo['clase']; asunto: string; reportId: number; nombre: string },
): Promise<Encolado> {
  const idCorreo = await enqueueMail(tx, {
    clase: o.clase,
    para,
    asunto: o.asunto,
    texto: buildText(m),
    html: buildHtml(m),
    adjuntos: adjuntos(d, {
      clase: 'reporte',
      reportId: o.reportId,
      idTramite: a.idTramite,
      tipo: a.tipo,
      idCarga: a.idCarga ?? null,
      nombre: o.nombre,
    }),
    idTramite: a.idTramite,
    idUsuario: a.idUsuario,
  });
  return { idCorreo, destinatarios: idCorreo ? para : [] };
}

/**
 * The supervisor sent the observations (procedure → OBSERVACIONES): the provider's users get the
 * observations report (4 for M, 5 for D) and a link to the procedure's observations page. Call it
 * inside the transition's transaction.
 */
export async function enqueueObservacionesMail(tx: Queryable, a: EnvioObservaciones): Promise<Encolado> {
  const d = await datosTramite(tx, a.idTramite, a.tipo, a.idCarga);
  const para = await destinatariosPrestador(tx, d.idEmpresaPrestador);
  const base = (a.publicUrl ?? publicUrlDefault).replace(/\/+$/, '');
  const reportId = REPORTE_OBSERVACIONES[a.tipo];
  const m: Mensaje = {
    aseguradora: d.aseguradora,
    conLogo: d.conLogo,
    saludo: `Estimado prestador ${d.prestador}:`,
    parrafos: [
      `${d.aseguradora} registró observaciones de ${TIPO_TEXTO[a.tipo]} sobre el trámite ${d.numero}.`,
      `Adjuntamos el reporte de observaciones (${d.observaciones} en total). Ingrese al sistema para responderlas; cuando todas estén respondidas, envíe las respuestas desde la misma página.`,
    ],
    datos: [...datosComunes(d, a.tipo), ['Observaciones', String(d.observaciones)]],
    enlace: {
      texto: 'Ver y responder las observaciones',
      url: `${base}/tramite-observaciones/${a.idTramite}`,
    },
    pie: `Mensaje automático enviado por ${d.aseguradora}; por favor no responda a este correo.`,
  };
  return encolarConReporte(tx, a, d, para, m, {
    clase: 'OBSERVACIONES',
    asunto: `Observaciones de ${TIPO_TEXTO[a.tipo]} – Trámite ${d.numero}`,
    reportId,
    nombre: `observaciones_${a.tipo}_${d.numero}.pdf`,
  });
}

/**
 * The provider sent the answers (procedure → EN PROCESO): the insurer's supervisors of the type
 * (17 for M, 19 for D) get the answers report (6 for M, 7 for D) and a link to the procedure's
 * observations. Call it inside the transition's transaction.
 */
export async function enqueueRespuestasMail(tx: Queryable, a: EnvioObservaciones): Promise<Encolado> {
  const d = await datosTramite(tx, a.idTramite, a.tipo, a.idCarga);
  const para = await destinatariosSupervisores(tx, d.idSuscripcion, a.tipo);
  const base = (a.publicUrl ?? publicUrlDefault).replace(/\/+$/, '');
  const reportId = REPORTE_RESPUESTAS[a.tipo];
  const m: Mensaje = {
    aseguradora: d.aseguradora,
    conLogo: d.conLogo,
    saludo: `Estimado equipo de ${TIPO_TEXTO[a.tipo]}:`,
    parrafos: [
      `El prestador ${d.prestador} respondió las observaciones de ${TIPO_TEXTO[a.tipo]} del trámite ${d.numero}.`,
      `Adjuntamos el reporte de respuestas (${d.respondidas} de ${d.observaciones} observaciones respondidas). Revise las respuestas y finalice la revisión en el sistema.`,
    ],
    datos: [...datosComunes(d, a.tipo), ['Respondidas', `${d.respondidas} de ${d.observaciones}`]],
    enlace: {
      texto: 'Revisar las respuestas',
      url: `${base}/observaciones-tramite/${a.idTramite}?tipo=${a.tipo}`,
    },
    pie: `Mensaje automático enviado por ${d.aseguradora}; por favor no responda a este correo.`,
  };
  return encolarConReporte(tx, a, d, para, m, {
    clase: 'RESPUESTAS',
    asunto: `Respuestas a observaciones de ${TIPO_TEXTO[a.tipo]} – Trámite ${d.numero}`,
    reportId,
    nombre: `respuestas_${a.tipo}_${d.numero}.pdf`,
  });
}

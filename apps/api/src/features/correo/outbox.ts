import type { Queryable } from '../../db/client.ts';
import { correo } from '../../db/schema/index.ts';
import { columnas, consulta, fila, lista, sql, una } from '../../lib/sql.ts';

/** The channel of PostgreSQL's NOTIFY that wakes the mail job when a message is committed. */
export const CANAL_CORREO = 'correo_saliente';

/** Observation / answer report types of docs/spec-summary.md 001 §7 'Downloads and reports'. */
export type TipoObs = 'M' | 'D';

/**
 * An attachment as stored in the outbox: what to build at send time, not the bytes.
 * - `reporte`: a PDF report of features/reportes-observaciones (rendered when the message is sent).
 * - `logo`: the company's logo, inline, referenced from the HTML as `cid:{cid}`.
 * - `contenido`: small literal content (base64), for messages that carry their own file.
 */
export type AdjuntoSpec =
  | {
      clase: 'reporte';
      reportId: number;
      idTramite: number;
      tipo?: TipoObs | null;
      idCarga?: number | null;
      /** File name shown to the recipient; the report's own name when omitted. */
      nombre?: string;
    }
  | { clase: 'logo'; idEmpresa: number; cid: string }
  | { clase: 'contenido'; nombre: string; tipoContenido: string; base64: string };

/** A message to put in the outbox. */
export type CorreoNuevo = {
  /** What the message is (OBSERVACIONES, RESPUESTAS, …). */
  clase: string;
  /** Recipients (e-mail addresses); an empty list enqueues nothing. */
  para: string[];
  asunto: string;
  texto: string;
  html?: string | null;
  adjuntos?: AdjuntoSpec[];
  idTramite?: number | null;
  idUsuario?: number | null;
};

/**
 * Puts a message in the outbox inside the caller's transaction: it is sent only if that transaction
 * commits (a rolled-back transition sends nothing), and the commit wakes the mail job at once
 * (`pg_notify` is delivered on commit only). Returns the message id, or null when there is no
 * recipient.
 */
export async function enqueueMail(q: Queryable, mail: CorreoNuevo): Promise<number | null> {
  const para = [...new Set(mail.para.map((p) => p.trim()).filter(Boolean))];
  if (para.length === 0) return null;
  const row = await fila<{ idCorreo: string | number }>(
    q,
    sql`INSERT INTO correo (clase, para, asunto, texto, html, adjuntos, id_tramite, id_usuario_reg)
        VALUES (${mail.clase}, ${para.join(', ')}, ${mail.asunto.slice(0, 300)}, ${mail.texto}, ${mail.html ?? null},
                ${JSON.stringify(mail.adjuntos ?? [])}::jsonb, ${mail.idTramite ?? null}, ${mail.idUsuario ?? null})
        RETURNING ${ID_CORREO}`,
  );
  await consulta(q, sql`SELECT pg_notify(${CANAL_CORREO}, ${String(row.idCorreo)})`);
  if (encolarEnvio) await encolarEnvio(q);
  notifyLocal();
  return Number(row.idCorreo);
}

/**
 * With graphile-worker (decision 60) the sending round is a job added in the same transaction as the
 * message (set by the correo plugin); without it the job listens to the NOTIFY above.
 */
let encolarEnvio: ((q: Queryable) => Promise<void>) | undefined;
export function alEncolarCorreo(fn: ((q: Queryable) => Promise<void>) | undefined) {
  encolarEnvio = fn;
}

/** In-process wake-up of the job (besides NOTIFY), for a job that is not listening. */
const locales = new Set<() => void>();
export function onEnqueueLocal(fn: () => void): () => void {
  locales.add(fn);
  return () => locales.delete(fn);
}
function notifyLocal() {
  for (const fn of locales) fn();
}

/** An outbox row as the job reads it. */
export type CorreoFila = {
  idCorreo: number;
  clase: string;
  para: string;
  asunto: string;
  texto: string;
  html: string | null;
  adjuntos: AdjuntoSpec[];
  idTramite: number | null;
  intentos: number;
};

/** An outbox row (alias c); the id as a JSON number. */
const COLUMNAS = lista([
  columnas(correo, 'c', { solo: [], extra: { idCorreo: 'c.id_correo::int' } }),
  columnas(correo, 'c', {
    solo: ['clase', 'para', 'asunto', 'texto', 'html', 'adjuntos', 'idTramite', 'intentos'],
  }),
]);
/** A new message's id (RETURNING). */
const ID_CORREO = columnas(correo, 'correo', { solo: ['idCorreo'] });

/**
 * Claims up to `limit` due messages for `leaseSeconds`: one statement, `FOR UPDATE SKIP LOCKED`, so
 * several API processes never take the same message; the claim pushes `proximo_intento` to the end
 * of the lease and counts the attempt, so a message whose sender died is taken again after the lease.
 */
export async function claimDue(q: Queryable, limit: number, leaseSeconds: number): Promise<CorreoFila[]> {
  return consulta<CorreoFila>(
    q,
    sql`UPDATE correo c SET intentos = c.intentos + 1, reclamado_en = now(),
            proximo_intento = now() + make_interval(secs => ${leaseSeconds}::double precision)
      WHERE c.id_correo IN (
        SELECT id_correo FROM correo
         WHERE estado = 'PENDIENTE' AND proximo_intento <= now()
         ORDER BY proximo_intento, id_correo
         LIMIT ${limit} FOR UPDATE SKIP LOCKED)
      RETURNING ${COLUMNAS}`,
  );
}

/** Marks a claimed message sent (only if its claim is still the current one). */
export async function markSent(q: Queryable, m: CorreoFila, messageId: string | null) {
  await consulta(
    q,
    sql`UPDATE correo SET estado = 'ENVIADO', fecha_envio = now(), fecha_act = now(), ultimo_error = NULL,
            message_id = ${messageId?.slice(0, 300) ?? null}
      WHERE id_correo = ${m.idCorreo} AND intentos = ${m.intentos} AND estado = 'PENDIENTE'`,
  );
}

/** Records a failed attempt: retried after `retrySeconds`, or FALLIDO when `final`. */
export async function markFailed(
  q: Queryable,
  m: CorreoFila,
  error: string,
  opts: { final: boolean; retrySeconds: number },
) {
  await consulta(
    q,
    sql`UPDATE correo SET estado = CASE WHEN ${opts.final} THEN 'FALLIDO' ELSE 'PENDIENTE' END,
            ultimo_error = ${error.slice(0, 2000)}, fecha_act = now(),
            proximo_intento = now() + make_interval(secs => ${opts.retrySeconds}::double precision)
      WHERE id_correo = ${m.idCorreo} AND intentos = ${m.intentos} AND estado = 'PENDIENTE'`,
  );
}

/** Seconds until the next due message (null when none is pending), to sleep no longer than needed. */
export async function nextDueInSeconds(q: Queryable): Promise<number | null> {
  const r = await una<{ s: number | null }>(
    q,
    sql`SELECT extract(epoch FROM (min(proximo_intento) - now()))::float8 AS s FROM correo WHERE estado = 'PENDIENTE'`,
  );
  return r?.s === null || r?.s === undefined ? null : Math.max(0, Number(r.s));
}

/** Exponential backoff: base × 2^(attempt − 1), at most one hour. */
export function backoffSeconds(intento: number, baseSeconds: number): number {
  return Math.min(3600, baseSeconds * 2 ** Math.max(0, intento - 1));
}

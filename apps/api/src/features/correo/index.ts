/**
 * Outgoing e-mail through a persistent outbox (table `correo`, migration 0012; docs/decisions.md
 * 'Correo saliente').
 *
 * Stable API for the features that send mail — call these INSIDE the transaction of the change that
 * causes the message; a rolled-back transaction sends nothing, a committed one wakes the mail job at
 * once (NOTIFY on commit) and the message leaves within seconds:
 *
 *   enqueueObservacionesMail(tx: Queryable, {
 *     idTramite: number; tipo: 'M' | 'D'; idCarga?: number | null; idUsuario: number; publicUrl?: string;
 *   }): Promise<{ idCorreo: number | null; destinatarios: string[] }>
 *     The supervisor sent the observations (→ OBSERVACIONES). To the active provider users (profile 15)
 *     of the provider's company; attaches report 4 (M) or 5 (D); links to /tramite-observaciones/{id}.
 *
 *   enqueueRespuestasMail(tx: Queryable, { same arguments }): Promise<{ idCorreo; destinatarios }>
 *     The provider sent the answers (→ EN PROCESO). To the active supervisors of the type in the
 *     procedure's subscription (17 for M, 19 for D); attaches report 6 (M) or 7 (D); links to
 *     /observaciones-tramite/{id}?tipo=.
 *
 *   Both return idCorreo null (and no recipient) when nobody is there to receive it; they never throw
 *   for that. The route answers the spec's text, e.g. MSG 'Correo con reporte de observaciones enviado.'
 *
 *   enqueueMail(q: Queryable, mail: CorreoNuevo): Promise<number | null>
 *     Any other message: { clase, para: string[], asunto, texto, html?, adjuntos?: AdjuntoSpec[],
 *     idTramite?, idUsuario? }.
 *
 * Delivery: `MailWorker` (worker.ts), started by main.ts through `app.correo.start()`; tests drive it
 * with `app.correo.runOnce()`.
 */
export {
  type AdjuntoSpec,
  type CorreoNuevo,
  enqueueMail,
  type TipoObs,
} from './outbox.ts';
export {
  type Encolado,
  type EnvioObservaciones,
  enqueueObservacionesMail,
  enqueueRespuestasMail,
} from './templates.ts';

/** The success text of /vwtramites/sendObservaciones (docs/spec-summary.md 001 §7 'Observations'). */
export const MSG_CORREO_OBSERVACIONES_ENVIADO = 'Correo con reporte de observaciones enviado.';
/** The success text of sending the answers. */
export const MSG_CORREO_RESPUESTAS_ENVIADO = 'Correo con reporte de respuestas enviado.';

import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { consulta, sql } from '../../lib/sql.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Calls of this route are written to sandbox_log. */
    sandboxLog?: boolean;
  }
}

/** The sandbox call log (sandbox_log): a hook on the routes marked `sandboxLog`, added by `sandboxRoutes`. */
export function bitacoraSandbox(app: FastifyInstance) {
  const db = app.database;
  // Every call of a sandbox route by a known user is logged, whatever its answer (anonymous 401s are
  // not: nobody could ever be shown them).
  app.addHook('onSend', async (req: FastifyRequest, reply: FastifyReply, payload) => {
    if (!req.routeOptions.config?.sandboxLog || !req.user) return payload;
    let body: Record<string, unknown> = {};
    if (typeof payload === 'string') {
      try {
        body = JSON.parse(payload) as Record<string, unknown>;
      } catch {
        body = {};
      }
    }
    const err = body.error as { message?: string; fields?: Record<string, string> } | undefined;
    const detalle = err?.fields ? Object.values(err.fields).join(' ') : '';
    const mensaje =
      (err ? [err.message, detalle].filter(Boolean).join(' — ') : String(body.mensaje ?? '')) || null;
    const num = (v: unknown) => (typeof v === 'number' && Number.isInteger(v) ? v : null);
    const endpoint = `${req.method} ${req.routeOptions.url ?? req.url}`.slice(0, 200);
    await consulta(
      db,
      sql`INSERT INTO sandbox_log (id_usuario, endpoint, estado, mensaje, id_tramite, id_carga)
         VALUES (${req.user.idUsuario}, ${endpoint}, ${reply.statusCode}, ${mensaje?.slice(0, 500) ?? null},
                 ${num(body.idTramite)}, ${num(body.idCarga)})`,
    ).catch((e: unknown) => req.log.error({ err: e }, 'sandbox_log insert failed'));
    return payload;
  });
}

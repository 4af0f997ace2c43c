/**
 * Idempotency keys for every write of the API (issue 14 §2, decision 49), after Stripe's semantics
 * and the IETF draft 'The Idempotency-Key HTTP Header Field':
 *
 * - A signed-in POST, PUT or PATCH may carry `Idempotency-Key` (1–255 visible characters; the web
 *   sends a UUID per user submit). Without the header nothing changes.
 * - The first request with a (user, key) claims it in `idempotencia` (migration 0016) and runs; its
 *   answer (status, content type, body) is stored when it is sent. Another request with the same
 *   key within IDEMPOTENCIA_MINUTOS gets that answer again, with `Idempotent-Replayed: true`, and the
 *   handler does not run: one row, one bitácora entry, one e-mail.
 * - The same key with another request (method, route, path parameters, query or body; bodies are
 *   compared after validation, so key order and defaults do not matter) is a 422 in Spanish.
 * - A duplicate that arrives while the first is still running waits for it (in-process first,
 *   polling the table when the first runs in another process) and then replays its answer; after
 *   WAIT_MS it gets a 409 and may ask again with the same key.
 * - Server failures (5xx: the database dropped, an unexpected error) are not kept: the key is
 *   released and a retry runs again. 4xx answers are kept, as Stripe does: a retry of a refused
 *   request is refused the same way; a corrected request is a new submit with a new key.
 * - Multipart bodies (uploads) are streamed by the handler, so their fingerprint covers the method,
 *   route, path parameters and query only: a second upload with the same key replays the first.
 * - Expired keys are deleted every few minutes; an expired key, or a claim left running longer than
 *   LEASE_MS (a process that stopped mid-request), is taken over by the next request.
 * - On PostgreSQL a claim also names its process (migration 0026, decision 73): every process holds
 *   a session advisory lock on a connection of its own while it lives, so a repeated request that
 *   finds the claim of a process that is gone (kill -9, a lost node: its lock is free) takes the key
 *   over at once — the client's retry of an upload through the load balancer, on another replica.
 *
 * Works the same on PostgreSQL and on PGlite: the claim is one INSERT … ON CONFLICT.
 */
import crypto from 'node:crypto';
import {
  claveIdempotenciaValida,
  IDEMPOTENCIA_CODIGO,
  IDEMPOTENCIA_HEADER,
  IDEMPOTENCIA_MINUTOS,
  IDEMPOTENCIA_REPETIDA_HEADER,
  MSG_IDEMPOTENCIA,
} from '@app/domain';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import pg from 'pg';
import type { Queryable } from '../db/client.ts';
import { idempotencia } from '../db/schema/index.ts';
import { AppError } from '../lib/errors.ts';
import { columnas, compilar, consulta, fila, sql, una } from '../lib/sql.ts';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** false: this write ignores Idempotency-Key (default: every signed-in POST, PUT and PATCH honours it). */
    idempotencia?: boolean;
  }
}

/** How long a duplicate waits for the first request before answering 409. */
const WAIT_MS = 30_000;
/** A claim older than this without an answer belongs to a request that will never answer. */
const LEASE_MS = 5 * 60_000;
/** Answers larger than this are not kept (the key is released): no create answers with so much. */
const MAX_BODY = 1024 * 1024;
const CLEANUP_EVERY_MS = 5 * 60_000;
const METHODS = new Set(['POST', 'PUT', 'PATCH']);
/** First key of the liveness advisory lock of an API process (the second: its random number). */
export const IDEMPOTENCIA_VIDA = 4_200_073;

type Claim = { idUsuario: number; clave: string; done: boolean; settle: () => void };

type Stored = {
  metodoRuta: string;
  huella: string;
  estadoHttp: number | null;
  tipoContenido: string | null;
  respuesta: string | null;
};

const claims = new WeakMap<FastifyRequest, Claim>();

/** JSON with sorted keys: the same value always gives the same text. */
export function canonical(v: unknown): string {
  if (v === undefined) return 'null';
  if (v === null || typeof v !== 'object') return JSON.stringify(v) ?? 'null';
  if (v instanceof Date) return JSON.stringify(v.toISOString());
  if (Array.isArray(v)) return `[${v.map(canonical).join(',')}]`;
  if (Buffer.isBuffer(v)) return JSON.stringify(crypto.createHash('sha256').update(v).digest('hex'));
  const o = v as Record<string, unknown>;
  return `{${Object.keys(o)
    .filter((k) => o[k] !== undefined)
    .sort()
    .map((k) => `${JSON.stringify(k)}:${canonical(o[k])}`)
    .join(',')}}`;
}

function fingerprint(req: FastifyRequest, metodoRuta: string): string {
  const multipart = /^multipart\//i.test(String(req.headers['content-type'] ?? ''));
  return crypto
    .createHash('sha256')
    .update(
      canonical({
        metodoRuta,
        params: req.params ?? null,
        query: req.query ?? null,
        body: multipart ? null : (req.body ?? null),
      }),
    )
    .digest('hex');
}

/** Deletes the keys that expired; returns how many. */
export async function limpiarIdempotencia(db: Queryable): Promise<number> {
  const r = await fila<{ n: number }>(
    db,
    sql`WITH d AS (DELETE FROM idempotencia WHERE expira < now() RETURNING 1) SELECT count(*)::int AS n FROM d`,
  );
  return r.n;
}

/** A kept answer (alias i). */
const GUARDADA_COLS = columnas(idempotencia, 'i', {
  solo: ['metodoRuta', 'huella', 'estadoHttp', 'tipoContenido', 'respuesta'],
});

export const idempotencyPlugin = fp(
  async (app: FastifyInstance, opts: { minutos?: number } = {}) => {
    const db = app.database;
    const minutos = opts.minutos ?? IDEMPOTENCIA_MINUTOS;
    /** Requests of this process still running, by `${idUsuario}:${clave}`: a duplicate waits on them. */
    const running = new Map<string, Promise<void>>();
    const vida = await procesoVivo(app);

    async function claim(idUsuario: number, clave: string, metodoRuta: string, huella: string) {
      // Without its liveness lock held (PGlite, or the connection being restored) a claim names no
      // process: only the lease frees it.
      const proceso = vida?.activo ? vida.id : null;
      const rows = await consulta(
        db,
        sql`INSERT INTO idempotencia (id_usuario, clave, metodo_ruta, huella, expira, proceso)
         VALUES (${idUsuario}, ${clave}, ${metodoRuta}, ${huella}, now() + make_interval(mins => ${minutos}::int), ${proceso}::int)
         ON CONFLICT (id_usuario, clave) DO UPDATE
            SET metodo_ruta = EXCLUDED.metodo_ruta, huella = EXCLUDED.huella, estado_http = NULL,
                tipo_contenido = NULL, respuesta = NULL, fecha_creacion = now(), expira = EXCLUDED.expira,
                proceso = EXCLUDED.proceso
          WHERE idempotencia.expira <= now()
             OR (idempotencia.estado_http IS NULL AND idempotencia.fecha_creacion < now() - make_interval(secs => ${LEASE_MS / 1000}::int))
             OR (idempotencia.estado_http IS NULL AND idempotencia.huella = EXCLUDED.huella
                 AND idempotencia.proceso IS NOT NULL AND idempotencia.proceso <> ${proceso}::int
                 AND NOT EXISTS (SELECT 1 FROM pg_locks l
                                  WHERE l.locktype = 'advisory' AND l.granted AND l.classid = ${IDEMPOTENCIA_VIDA}::int::oid
                                    AND l.objid = idempotencia.proceso::oid AND l.objsubid = 2
                                    AND l.database = (SELECT oid FROM pg_database WHERE datname = current_database())))
         RETURNING 1 AS ok`,
      );
      return rows.length > 0;
    }

    const read = (idUsuario: number, clave: string) =>
      una<Stored>(
        db,
        sql`SELECT ${GUARDADA_COLS}
             FROM idempotencia i WHERE i.id_usuario = ${idUsuario} AND i.clave = ${clave} AND i.expira > now()`,
      );

    const release = (c: Claim) =>
      consulta(
        db,
        sql`DELETE FROM idempotencia WHERE id_usuario = ${c.idUsuario} AND clave = ${c.clave} AND estado_http IS NULL`,
      );

    function replay(reply: FastifyReply, s: Stored) {
      reply.code(s.estadoHttp as number).header(IDEMPOTENCIA_REPETIDA_HEADER, 'true');
      if (s.tipoContenido) reply.header('content-type', s.tipoContenido);
      return reply.send(s.respuesta ?? '');
    }

    app.addHook('preHandler', async (req, reply) => {
      if (!METHODS.has(req.method) || req.routeOptions.config?.idempotencia === false) return;
      const raw = req.headers[IDEMPOTENCIA_HEADER];
      if (raw === undefined || !req.user) return;
      const clave = Array.isArray(raw) ? raw[0] : raw;
      if (!claveIdempotenciaValida(clave)) {
        throw new AppError(400, IDEMPOTENCIA_CODIGO.invalida, MSG_IDEMPOTENCIA.invalida, {
          [IDEMPOTENCIA_HEADER]: MSG_IDEMPOTENCIA.invalida,
        });
      }
      const idUsuario = req.user.idUsuario;
      const metodoRuta = `${req.method} ${req.routeOptions.url}`;
      const huella = fingerprint(req, metodoRuta);
      const local = `${idUsuario}:${clave}`;
      const deadline = Date.now() + WAIT_MS;
      for (;;) {
        if (await claim(idUsuario, clave, metodoRuta, huella)) {
          let settle = () => {};
          running.set(
            local,
            new Promise<void>((resolve) => {
              settle = resolve;
            }),
          );
          claims.set(req, {
            idUsuario,
            clave,
            done: false,
            settle: () => {
              running.delete(local);
              settle();
            },
          });
          return;
        }
        const s = await read(idUsuario, clave);
        if (s) {
          if (s.huella !== huella) {
            throw new AppError(422, IDEMPOTENCIA_CODIGO.distinta, MSG_IDEMPOTENCIA.distinta);
          }
          if (s.estadoHttp !== null) return replay(reply, s);
        }
        // Still running (or just released / expired: claim again).
        const left = deadline - Date.now();
        if (left <= 0) throw new AppError(409, IDEMPOTENCIA_CODIGO.enCurso, MSG_IDEMPOTENCIA.enCurso);
        const mine = running.get(local);
        await Promise.race([
          mine ?? Promise.resolve(),
          new Promise((r) => setTimeout(r, mine ? Math.min(left, 1000) : Math.min(left, 100))),
        ]);
      }
    });

    app.addHook('onSend', async (req, reply, payload) => {
      const c = claims.get(req);
      if (!c || c.done) return payload;
      c.done = true;
      try {
        const body = typeof payload === 'string' ? payload : null;
        const status = reply.statusCode;
        const ct = reply.getHeader('content-type');
        if (status >= 500 || body === null || body.length > MAX_BODY) {
          // Not kept: a server failure may be retried, and a stream cannot be replayed.
          await release(c);
        } else {
          await consulta(
            db,
            sql`UPDATE idempotencia SET estado_http = ${status}, tipo_contenido = ${typeof ct === 'string' ? ct.slice(0, 200) : null},
                   respuesta = ${body}
              WHERE id_usuario = ${c.idUsuario} AND clave = ${c.clave}`,
          );
        }
      } catch (err) {
        req.log.warn({ err }, 'idempotency: the answer could not be kept');
      } finally {
        c.settle();
      }
      return payload;
    });

    // A request that ended without sending (aborted, or a hook failed before onSend): free its key.
    const abandon = async (req: FastifyRequest) => {
      const c = claims.get(req);
      if (!c || c.done) return;
      c.done = true;
      try {
        await release(c);
      } catch (err) {
        req.log.warn({ err }, 'idempotency: a key could not be released');
      } finally {
        c.settle();
      }
    };
    app.addHook('onResponse', abandon);
    app.addHook('onRequestAbort', abandon);

    let timer: NodeJS.Timeout | undefined;
    app.addHook('onReady', async () => {
      timer = setInterval(() => {
        limpiarIdempotencia(db).catch((err) => app.log.warn({ err }, 'idempotency: cleanup failed'));
      }, CLEANUP_EVERY_MS);
      timer.unref();
    });
    app.addHook('onClose', async () => {
      if (timer) clearInterval(timer);
      await vida?.cerrar();
    });
  },
  { name: 'idempotency' },
);

/**
 * This process's liveness on PostgreSQL (decision 73): a random number held as a session advisory
 * lock (IDEMPOTENCIA_VIDA, id) on a connection of its own, taken again after a drop. The lock goes
 * when the process goes, however it goes; other processes read it in pg_locks. Undefined on PGlite
 * (one process).
 */
async function procesoVivo(app: FastifyInstance) {
  const url = (app.database.pool?.options as { connectionString?: string } | undefined)?.connectionString;
  if (app.database.kind !== 'postgres' || !url) return undefined;
  const id = crypto.randomInt(1, 2 ** 31 - 1);
  let client: pg.Client | undefined;
  let activo = false;
  let cerrado = false;
  let timer: NodeJS.Timeout | undefined;
  const conectar = async () => {
    if (cerrado) return;
    const c = new pg.Client({ connectionString: url });
    c.on('error', () => {
      if (client !== c) return;
      client = undefined;
      activo = false;
      c.end().catch(() => {});
      timer = setTimeout(() => void conectar(), 1000);
      timer.unref();
    });
    try {
      await c.connect();
      const bloqueo = compilar(sql`SELECT pg_advisory_lock(${IDEMPOTENCIA_VIDA}, ${id})`);
      await c.query(bloqueo.text, bloqueo.params);
      if (cerrado) {
        await c.end().catch(() => {});
        return;
      }
      client = c;
      activo = true;
    } catch (err) {
      app.log.warn({ err }, 'idempotency: liveness lock not taken; retrying in 2 s');
      c.end().catch(() => {});
      timer = setTimeout(() => void conectar(), 2000);
      timer.unref();
    }
  };
  await conectar();
  return {
    id,
    get activo() {
      return activo;
    },
    cerrar: async () => {
      cerrado = true;
      activo = false;
      clearTimeout(timer);
      const c = client;
      client = undefined;
      await c?.end().catch(() => {});
    },
  };
}

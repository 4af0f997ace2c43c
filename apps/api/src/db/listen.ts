import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { Database } from './client.ts';

export type Escucha = {
  /** Whether notifications arrive now (false while the connection is being restored). */
  readonly activa: boolean;
  cerrar: () => Promise<void>;
};

/**
 * LISTEN on `canal` for as long as the process runs (decision 61): on PostgreSQL one connection of
 * the pool is kept for it and restored after a drop (`onEstado(false)` while it is away — whatever
 * was notified meanwhile is lost, so the caller must not trust what it keeps — then `onEstado(true)`);
 * on PGlite through its own listen. Resolves once listening (or, on PostgreSQL, once the first
 * attempt failed: it keeps trying).
 */
export async function escuchar(
  database: Database,
  canal: string,
  log: FastifyBaseLogger,
  onNotificacion: () => void,
  onEstado: (activa: boolean) => void = () => {},
): Promise<Escucha> {
  if (!/^[a-z_]+$/.test(canal)) throw new Error(`invalid channel ${canal}`);
  const { pool, pglite } = database;
  let cerrada = false;
  let activa = false;
  const estado = (v: boolean) => {
    if (activa === v) return;
    activa = v;
    onEstado(v);
  };
  if (pool) {
    let client: pg.PoolClient | undefined;
    let timer: NodeJS.Timeout | undefined;
    const reintentar = (ms: number) => {
      if (!cerrada) {
        timer = setTimeout(() => void conectar(), ms);
        timer.unref();
      }
    };
    const conectar = async () => {
      if (cerrada) return;
      try {
        const c = await pool.connect();
        client = c;
        c.on('notification', (m) => {
          if (m.channel === canal) onNotificacion();
        });
        c.on('error', () => {
          if (client !== c) return;
          client = undefined;
          estado(false);
          c.release(true);
          reintentar(500);
        });
        await c.query(`LISTEN ${canal}`);
        estado(true);
      } catch (err) {
        log.warn({ err, canal }, 'LISTEN falló; reintento en 2 s');
        client?.release(true);
        client = undefined;
        estado(false);
        reintentar(2000);
      }
    };
    await conectar();
    return {
      get activa() {
        return activa;
      },
      cerrar: async () => {
        cerrada = true;
        clearTimeout(timer);
        const c = client;
        client = undefined;
        c?.release(true);
      },
    };
  }
  if (pglite) {
    const stop = await pglite.listen(canal, () => onNotificacion());
    estado(true);
    return {
      get activa() {
        return activa;
      },
      cerrar: async () => {
        cerrada = true;
        await stop();
      },
    };
  }
  return { activa: false, cerrar: async () => {} };
}

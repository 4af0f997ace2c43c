import type { FastifyBaseLogger } from 'fastify';
import type { Queryable } from '../../db/client.ts';
import { consulta, sql } from '../../lib/sql.ts';
import type { Storage } from '../../lib/storage/index.ts';

/** Deletes the file rows of a load inside the caller's transaction; returns their storage keys. */
export async function quitarArchivosCarga(tx: Queryable, idCarga: number): Promise<string[]> {
  const rows = await consulta<{ ruta: string }>(
    tx,
    sql`DELETE FROM archivo_pla WHERE id_carga = ${idCarga} RETURNING ruta`,
  );
  return rows.map((r) => r.ruta);
}

/**
 * Removes objects once the transaction that forgot them has committed. A failure leaves orphan
 * objects (logged), never rows pointing at missing files.
 */
export async function borrarDelAlmacen(
  storage: Storage | undefined,
  rutas: string[],
  log?: FastifyBaseLogger,
) {
  if (!storage || rutas.length === 0) return;
  try {
    await storage.remove(rutas);
  } catch (err) {
    log?.error({ err, objetos: rutas.length }, 'could not remove the files of a deleted load');
  }
}

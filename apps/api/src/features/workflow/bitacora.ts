import type { Queryable } from '../../db/client.ts';
import { consulta, sql } from '../../lib/sql.ts';

/**
 * Writes one bitácora entry (inside the caller's transaction). Here, beside its main writer, so that
 * the workflow imports nothing from features/tramites (whose action route calls the workflow);
 * `tramites/access.ts` re-exports it for the other features.
 */
export async function writeBitacora(
  q: Queryable,
  idTramite: number,
  idUsuario: number,
  tipo: string,
  observacion: string,
) {
  await consulta(
    q,
    sql`INSERT INTO bitacora_tra (id_tramite, id_usuario, tipo, observacion)
        VALUES (${idTramite}, ${idUsuario}, ${tipo}, ${observacion})`,
  );
}

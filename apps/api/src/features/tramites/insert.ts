import { MSG_INTEGRACION, type SessionUser } from '@app/domain';
import type { TramiteInput } from '@app/domain/tramites/schemas';
import type { Queryable } from '../../db/client.ts';
import { suscripcion } from '../../db/schema/index.ts';
import { AppError } from '../../lib/errors.ts';
import { columnas, fila, sql, una } from '../../lib/sql.ts';

const EMPRESA_SUSCRIPCION = columnas(suscripcion, 's', { solo: ['idEmpresa'] });

/**
 * The insurer of the user's subscription (a new procedure's `idEmpresaAseguradora`), for the screen's
 * registration and the integration API's; 422 SIN_SUSCRIPCION when the user has none.
 */
export async function aseguradoraDeSuscripcion(q: Queryable, user: SessionUser): Promise<number> {
  const s = await una<{ idEmpresa: number }>(
    q,
    sql`SELECT ${EMPRESA_SUSCRIPCION} FROM suscripcion s WHERE s.id_suscripcion = ${user.idSuscripcion ?? -1}`,
  );
  if (!s) throw new AppError(422, 'SIN_SUSCRIPCION', MSG_INTEGRACION.sinSuscripcion);
  return s.idEmpresa;
}

/** A procedure to insert: the form's fields (weeks resolved) and what the server adds. */
export type NuevoTramite = Omit<TramiteInput, 'maxSemanas'> & {
  maxSemanas: number;
  idSuscripcion: number;
  idEmpresaAseguradora: number;
  idUsuario: number;
  /** 'TR-' for real procedures, 'SBX-' in the integration sandbox. */
  prefijo?: string;
  /** Only the demo seed starts a procedure in another state. */
  estado?: string;
  numSemana?: number;
};

/**
 * Inserts a procedure with its number `{prefijo}{year in Guayaquil}-{id padded to 6}` (decisions 9): the id is
 * taken first so the number is written in the same statement, and the padding never cuts a longer id.
 * The caller writes the bitácora entry in the same transaction.
 */
export async function insertTramite(q: Queryable, t: NuevoTramite): Promise<number> {
  // `?? null`: an absent value is a NULL parameter, as the driver sent undefined.
  const row = await fila<{ id: number }>(
    q,
    sql`WITH n AS (SELECT nextval(pg_get_serial_sequence('tramite', 'id_tramite')) AS id)
     INSERT INTO tramite (id_tramite, numero, id_suscripcion, id_empresa_aseguradora, id_prestador, id_servicio,
       fecha_desde, fecha_hasta, descripcion, frecuencia_carga, max_semanas, estado_tramite, num_semana, id_usuario_reg)
     SELECT n.id, ${t.prefijo ?? 'TR-'} || to_char(now() AT TIME ZONE 'America/Guayaquil', 'YYYY') || '-'
                  || lpad(n.id::text, greatest(6, length(n.id::text)), '0'),
       ${t.idSuscripcion}, ${t.idEmpresaAseguradora}, ${t.idPrestador ?? null}, ${t.idServicio ?? null},
       ${t.fechaDesde ?? null}, ${t.fechaHasta ?? null}, ${t.descripcion ?? null}, ${t.frecuenciaCarga ?? null},
       ${t.maxSemanas}, ${t.estado ?? 'REGISTRADO'}, ${t.numSemana ?? 0}, ${t.idUsuario}
       FROM n RETURNING id_tramite AS id`,
  );
  return row.id;
}

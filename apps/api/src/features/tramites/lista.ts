import {
  ESTADOS_PROCESADOS,
  ESTADOS_TRABAJO,
  PERFIL,
  type SessionUser,
  type tramiteListQuerySchema,
} from '@app/domain';
import type { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { prestador } from '../../db/schema/index.ts';
import { forbidden } from '../../lib/errors.ts';
import { columnas, consulta, likePattern, type SQL, sql, todas, una } from '../../lib/sql.ts';
import { tramiteScopeSql } from './access.ts';
import { TRAMITE_FROM_SQL, TRAMITE_VIEW_SQL } from './queries.ts';

/** The procedures' list (GET /tramites, routes.ts): its views by profile, filters and page; the visible providers. */

/** Which list views a profile may open (docs/spec-summary.md 000 §2 and §6). */
const VISTAS: Record<string, readonly number[]> = {
  carga: [PERFIL.PRESTADOR],
  todos: [PERFIL.REVISOR, PERFIL.SUPERVISOR_AM, PERFIL.SUPERVISOR_GD],
  procesados: [PERFIL.REVISOR, PERFIL.SUPERVISOR_AM, PERFIL.SUPERVISOR_GD],
  asignados: [
    PERFIL.REVISOR,
    PERFIL.SUPERVISOR_AM,
    PERFIL.AUDITOR_AM,
    PERFIL.SUPERVISOR_GD,
    PERFIL.GESTOR_GD,
  ],
};

function vistaCondition(vista: string, user: SessionUser): SQL | undefined {
  if (vista === 'procesados')
    return sql`t.estado_tramite = ANY(${sql.param([...ESTADOS_PROCESADOS])}::text[])`;
  if (vista !== 'asignados') return undefined;
  const trabajo = sql.param([...ESTADOS_TRABAJO, 'OBSERVACIONES']);
  if (user.idPerfil === PERFIL.AUDITOR_AM || user.idPerfil === PERFIL.GESTOR_GD) {
    const colUser = sql.raw(user.idPerfil === PERFIL.AUDITOR_AM ? 'id_usuario_med' : 'id_usuario_doc');
    return sql`t.estado_tramite = ANY(${trabajo}::text[]) AND (t.tipo_asignacion = 'T' OR EXISTS (
              SELECT 1 FROM planilla pl WHERE pl.id_tramite = t.id_tramite AND pl.estado = 1 AND pl.${colUser} = ${user.idUsuario}))`;
  }
  return sql`t.estado_tramite = ANY(${trabajo}::text[])`;
}

/**
 * For the auditor (18) and the operative (20) in 'Trámites Asignados': how many active attentions of
 * each procedure still wait for their review (theirs, or all of them when the procedure is assigned
 * to everybody, tipo T). Counted on the (id_tramite, id_usuario_med|doc, estado_aud|doc) index.
 */
function misPendientes(user: SessionUser): SQL {
  if (user.idPerfil !== PERFIL.AUDITOR_AM && user.idPerfil !== PERFIL.GESTOR_GD) return sql.empty();
  const am = user.idPerfil === PERFIL.AUDITOR_AM;
  const [usuario, estado] = (am ? ['id_usuario_med', 'estado_aud'] : ['id_usuario_doc', 'estado_doc']).map(
    (c) => sql.raw(c),
  );
  return sql`, (SELECT count(*)::int FROM planilla pl
             WHERE pl.id_tramite = t.id_tramite AND pl.estado = 1 AND pl.${estado} = 'PENDIENTE'
               AND (t.tipo_asignacion = 'T' OR pl.${usuario} = ${user.idUsuario})) AS "misPendientes"`;
}

/** A page of the procedures of a list view the user may open (else 403), most recent first. */
export async function listarTramites(
  db: Queryable,
  user: SessionUser,
  query: z.infer<typeof tramiteListQuerySchema>,
) {
  const { vista, estado, idPrestador, idServicio, desde, hasta, numero, q, page, pageSize } = query;
  if (!VISTAS[vista].includes(user.idPerfil)) throw forbidden();
  // Headers only: supervisors list procedures not sent yet too (docs/spec-summary.md 000 '/tramite'), never their content.
  const where: (SQL | undefined)[] = [tramiteScopeSql(user, { cabecera: true }), vistaCondition(vista, user)];
  if (estado) where.push(sql`t.estado_tramite = ${estado}`);
  // An annulled procedure leaves the lists (decision 50); asked for by its state, it is still there.
  if (estado !== 'ANULADO') where.push(sql.raw(`t.estado_tramite <> 'ANULADO'`));
  if (idPrestador) where.push(sql`t.id_prestador = ${idPrestador}`);
  if (idServicio) where.push(sql`t.id_servicio = ${idServicio}`);
  if (desde) where.push(sql`t.fecha_hasta >= ${desde}`);
  if (hasta) where.push(sql`t.fecha_desde <= ${hasta}`);
  if (numero)
    where.push(sql`(t.numero LIKE ${likePattern(numero.toUpperCase())} OR t.id_tramite::text = ${numero})`);
  if (q) {
    const texto = likePattern(
      q
        .normalize('NFD')
        .replace(/[\u0300-\u036f]/g, '')
        .toLowerCase(),
    );
    where.push(
      sql`(f_unaccent(lower(t.descripcion)) LIKE ${texto} OR f_unaccent(lower(p.nombre_comercial)) LIKE ${texto})`,
    );
  }
  const w = todas(where);
  const n =
    (await una<{ n: number }>(db, sql`SELECT count(*)::int AS n ${TRAMITE_FROM_SQL} WHERE ${w}`))?.n ?? 0;
  const pendientes = vista === 'asignados' ? misPendientes(user) : sql.empty();
  const items = await consulta(
    db,
    sql`SELECT ${TRAMITE_VIEW_SQL}${pendientes} ${TRAMITE_FROM_SQL} WHERE ${w} ORDER BY t.id_tramite DESC
      LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
  );
  return { items, total: n, page, pageSize };
}

/** A visible provider (alias p). */
const PRESTADOR = columnas(prestador, 'p', { solo: ['idPrestador', 'nombreComercial', 'ruc'] });

type PrestadorVisible = { idPrestador: number; nombreComercial: string; ruc: string };

/** The providers the user sees (for forms and filters): the provider's own company's, or its subscription's. */
export async function prestadoresVisibles(db: Queryable, user: SessionUser) {
  if (user.idPerfil === PERFIL.PRESTADOR) {
    return consulta<PrestadorVisible>(
      db,
      sql`SELECT ${PRESTADOR} FROM prestador p WHERE p.id_empresa = ${user.idEmpresa} ORDER BY p.nombre_comercial`,
    );
  }
  return consulta<PrestadorVisible>(
    db,
    sql`SELECT ${PRESTADOR}
       FROM prestador p JOIN empresa e ON e.id_empresa = p.id_empresa
      WHERE e.id_empresa_suscriptora = (SELECT s.id_empresa FROM suscripcion s WHERE s.id_suscripcion = ${user.idSuscripcion ?? -1})
      ORDER BY p.nombre_comercial`,
  );
}

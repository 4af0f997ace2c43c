import {
  asignacionBodySchema,
  asignacionQuerySchema,
  assigneeProfiles,
  assignProfiles,
  esEstadoTrabajo,
  getTramitesByIdAsignacionesResponse,
  idParams,
  MSG_PLANILLA,
  postTramitesByIdAsignacionesResponse,
  responses,
  uncheckedResponses,
} from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { planilla, usuario } from '../../db/schema/index.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import { columnas, consulta, type SQL, sql, todas, una } from '../../lib/sql.ts';
import { perfilNoAutorizado } from '../planillas/access.ts';
import { getTramiteForUser, writeBitacora } from '../tramites/access.ts';
import { aplicar } from '../workflow/service.ts';
import { COLS } from './aplicar.ts';

const tags = ['revisión'];

/** The columns of an assignable user (alias u, person pe) with their counts (a). */
const USUARIO = columnas(usuario, 'u', {
  solo: ['idUsuario', 'nombre', 'idPerfil'],
  extra: {
    personaNombre: `NULLIF(trim(concat_ws(' ', pe.primer_nombre, pe.primer_apellido)), '')`,
    asignadas: 'COALESCE(a.asignadas, 0)::int',
    pendientes: 'COALESCE(a.pendientes, 0)::int',
  },
});
/** The procedure's attentions (alias p) and how many nobody holds yet, per review type. */
const totales = (t: 'M' | 'D') =>
  columnas(planilla, 'p', {
    solo: [],
    extra: {
      total: 'count(*)::int',
      sinAsignar: `count(*) FILTER (WHERE p.${COLS[t].usuario} IS NULL)::int`,
    },
  });
const TOTALES = { M: totales('M'), D: totales('D') };
/** The staff named in an assignment (no alias). */
const STAFF = columnas(usuario, 'usuario', { solo: ['idUsuario', 'nombre'] });

/** The procedure's assignment tab: who reviews what (read), and assigning attentions to an auditor or a manager. */
export async function asignarRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;
  const auth = { onRequest: [app.authenticate] };

  r.get(
    '/api/v1/tramites/:id/asignaciones',
    {
      ...auth,
      schema: {
        response: uncheckedResponses({ 200: getTramitesByIdAsignacionesResponse }),
        tags,
        summary: 'Personal asignable (AM: 18 y 17; GD: 20 y 19) con atenciones asignadas y pendientes',
        params: idParams,
        querystring: asignacionQuerySchema,
      },
    },
    async (req) => {
      const tramite = await getTramiteForUser(db, req.user, req.params.id);
      const { tipo } = req.query;
      if (!assignProfiles(tipo).includes(req.user.idPerfil)) throw perfilNoAutorizado();
      const c = { usuario: sql.raw(COLS[tipo].usuario), estado: sql.raw(COLS[tipo].estado) };
      const usuarios = await consulta(
        db,
        sql`SELECT ${USUARIO}
           FROM usuario u
           LEFT JOIN persona pe ON pe.id_persona = u.id_persona
           LEFT JOIN (
             SELECT p.${c.usuario} AS id_usuario, count(*) AS asignadas,
                    count(*) FILTER (WHERE p.${c.estado} = 'PENDIENTE') AS pendientes
               FROM planilla p WHERE p.id_tramite = ${tramite.idTramite} AND p.estado = 1 AND p.${c.usuario} IS NOT NULL
              GROUP BY p.${c.usuario}
           ) a ON a.id_usuario = u.id_usuario
          WHERE u.id_suscripcion = ${tramite.idSuscripcion} AND u.activo
            AND u.id_perfil = ANY(${sql.param(assigneeProfiles(tipo))}::int[])
          ORDER BY u.id_perfil DESC, u.nombre`,
      );
      const t = (await una<{ total: number; sinAsignar: number }>(
        db,
        sql`SELECT ${TOTALES[tipo]} FROM planilla p WHERE p.id_tramite = ${tramite.idTramite} AND p.estado = 1`,
      )) as { total: number; sinAsignar: number };
      return { tipo, usuarios, sinAsignar: t.sinAsignar, total: t.total };
    },
  );

  r.post(
    '/api/v1/tramites/:id/asignaciones',
    {
      ...auth,
      schema: {
        response: responses({ 200: postTramitesByIdAsignacionesResponse }),
        tags,
        summary:
          'Asignar atenciones (seleccionadas o una carga) a un usuario, o repartir una carga entre varios',
        params: idParams,
        body: asignacionBodySchema,
      },
    },
    async (req) => {
      const b = req.body;
      const c = { usuario: sql.raw(COLS[b.tipo].usuario), estado: sql.raw(COLS[b.tipo].estado) };
      const campoUsuario = COLS[b.tipo].campoUsuario;
      const res = await db.transaction(async (tx) => {
        // FOR UPDATE: the first assignment may move the procedure RECIBIDO → EN PROCESO.
        const tramite = await getTramiteForUser(tx, req.user, req.params.id, { lock: true });
        if (!assignProfiles(b.tipo).includes(req.user.idPerfil)) throw perfilNoAutorizado();
        if (!esEstadoTrabajo(tramite.estadoTramite)) {
          throw conflict(MSG_PLANILLA.tramiteNoTrabajo(tramite.estadoTramite), 'ESTADO_INVALIDO');
        }
        const ids = b.repartir ? (b.idUsuarios ?? []) : [b.idUsuario as number];
        const staff = await consulta<{ idUsuario: number; nombre: string }>(
          tx,
          sql`SELECT ${STAFF} FROM usuario
            WHERE id_usuario = ANY(${sql.param(ids)}::int[]) AND id_suscripcion = ${tramite.idSuscripcion} AND activo
              AND id_perfil = ANY(${sql.param(assigneeProfiles(b.tipo))}::int[])`,
        );
        const unicos = [...new Set(ids)];
        if (staff.length !== unicos.length) {
          throw badRequest(MSG_PLANILLA.usuarioNoAsignable, {
            [b.repartir ? 'idUsuarios' : 'idUsuario']: MSG_PLANILLA.usuarioNoAsignable,
          });
        }
        if (b.idCarga) {
          const carga = await una(
            tx,
            sql`SELECT 1 FROM carga WHERE id_carga = ${b.idCarga} AND id_tramite = ${tramite.idTramite}`,
          );
          if (!carga)
            throw badRequest(MSG_PLANILLA.seleccioneCarga, { idCarga: MSG_PLANILLA.seleccioneCarga });
        }
        // Only attentions still PENDIENTE for this type are (re)assigned: a registered review keeps its reviewer.
        const w: SQL[] = [
          sql`p.id_tramite = ${tramite.idTramite}`,
          sql.raw('p.estado = 1'),
          sql`p.${c.estado} = 'PENDIENTE'`,
        ];
        if (b.idCarga) w.push(sql`p.id_carga = ${b.idCarga}`);
        if (!b.repartir && b.idPlanillas?.length)
          w.push(sql`p.id_planilla = ANY(${sql.param(b.idPlanillas)}::int[])`);
        const usuarios = sql.param(unicos);
        const idUsuario = req.user.idUsuario;
        const x = (await una<{ asignadas: number }>(
          tx,
          sql`WITH objetivo AS (
             SELECT p.id_planilla, p.${c.usuario} AS antes,
                    (${usuarios}::int[])[((row_number() OVER (ORDER BY p.numero, p.id_planilla) - 1)
                                          % cardinality(${usuarios}::int[])) + 1] AS despues
               FROM planilla p WHERE ${todas(w)}
           ), cambio AS (
             UPDATE planilla p SET ${c.usuario} = o.despues, version = p.version + 1, fecha_act = now(), id_usuario_act = ${idUsuario}
               FROM objetivo o WHERE p.id_planilla = o.id_planilla AND o.antes IS DISTINCT FROM o.despues
             RETURNING p.id_planilla
           ), audit AS (
             INSERT INTO auditoria_pla (id_planilla, id_usuario, operacion, campo, antes, despues)
             SELECT o.id_planilla, ${idUsuario}::int, 'ASIGNAR', ${campoUsuario}, ua.nombre, ud.nombre
               FROM objetivo o JOIN cambio ch ON ch.id_planilla = o.id_planilla
               LEFT JOIN usuario ua ON ua.id_usuario = o.antes
               LEFT JOIN usuario ud ON ud.id_usuario = o.despues
           )
           SELECT count(*)::int AS asignadas FROM objetivo`,
        )) as { asignadas: number };
        const nombres = staff.map((s) => s.nombre).join(', ');
        await writeBitacora(
          tx,
          tramite.idTramite,
          req.user.idUsuario,
          'SUPERVISIÓN',
          MSG_PLANILLA.bitacoraAsignacion(b.tipo, x.asignadas, nombres),
        );
        // RECIBIDO → EN PROCESO by the first assignment (the workflow service; a no-op in other states).
        const estadoTramite =
          x.asignadas > 0
            ? (await aplicar(tx, tramite, 'primera-asignacion', req.user)).hacia
            : tramite.estadoTramite;
        return { asignadas: x.asignadas, estadoTramite };
      });
      return { mensaje: MSG_PLANILLA.asignacionRealizada(res.asignadas), ...res };
    },
  );
}

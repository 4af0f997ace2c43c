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
import { badRequest, conflict } from '../../lib/errors.ts';
import { perfilNoAutorizado } from '../planillas/access.ts';
import { Params } from '../planillas/queries.ts';
import { getTramiteForUser, writeBitacora } from '../tramites/access.ts';
import { aplicar } from '../workflow/service.ts';
import { COLS } from './aplicar.ts';

const tags = ['revisión'];

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
      const c = COLS[tipo];
      const usuarios = await db.query(
        `SELECT u.id_usuario AS "idUsuario", u.nombre, u.id_perfil AS "idPerfil",
                NULLIF(trim(concat_ws(' ', pe.primer_nombre, pe.primer_apellido)), '') AS "personaNombre",
                COALESCE(a.asignadas, 0)::int AS asignadas, COALESCE(a.pendientes, 0)::int AS pendientes
           FROM usuario u
           LEFT JOIN persona pe ON pe.id_persona = u.id_persona
           LEFT JOIN (
             SELECT p.${c.usuario} AS id_usuario, count(*) AS asignadas,
                    count(*) FILTER (WHERE p.${c.estado} = 'PENDIENTE') AS pendientes
               FROM planilla p WHERE p.id_tramite = $1 AND p.estado = 1 AND p.${c.usuario} IS NOT NULL
              GROUP BY p.${c.usuario}
           ) a ON a.id_usuario = u.id_usuario
          WHERE u.id_suscripcion = $2 AND u.activo AND u.id_perfil = ANY($3::int[])
          ORDER BY u.id_perfil DESC, u.nombre`,
        [tramite.idTramite, tramite.idSuscripcion, assigneeProfiles(tipo)],
      );
      const [t] = await db.query<{ total: number; sinAsignar: number }>(
        `SELECT count(*)::int AS total, count(*) FILTER (WHERE ${c.usuario} IS NULL)::int AS "sinAsignar"
           FROM planilla WHERE id_tramite = $1 AND estado = 1`,
        [tramite.idTramite],
      );
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
      const c = COLS[b.tipo];
      const res = await db.transaction(async (tx) => {
        // FOR UPDATE: the first assignment may move the procedure RECIBIDO → EN PROCESO.
        const tramite = await getTramiteForUser(tx, req.user, req.params.id, { lock: true });
        if (!assignProfiles(b.tipo).includes(req.user.idPerfil)) throw perfilNoAutorizado();
        if (!esEstadoTrabajo(tramite.estadoTramite)) {
          throw conflict(MSG_PLANILLA.tramiteNoTrabajo(tramite.estadoTramite), 'ESTADO_INVALIDO');
        }
        const ids = b.repartir ? (b.idUsuarios ?? []) : [b.idUsuario as number];
        const staff = await tx.query<{ idUsuario: number; nombre: string }>(
          `SELECT id_usuario AS "idUsuario", nombre FROM usuario
            WHERE id_usuario = ANY($1::int[]) AND id_suscripcion = $2 AND activo AND id_perfil = ANY($3::int[])`,
          [ids, tramite.idSuscripcion, assigneeProfiles(b.tipo)],
        );
        const unicos = [...new Set(ids)];
        if (staff.length !== unicos.length) {
          throw badRequest(MSG_PLANILLA.usuarioNoAsignable, {
            [b.repartir ? 'idUsuarios' : 'idUsuario']: MSG_PLANILLA.usuarioNoAsignable,
          });
        }
        if (b.idCarga) {
          const [carga] = await tx.query('SELECT 1 FROM carga WHERE id_carga = $1 AND id_tramite = $2', [
            b.idCarga,
            tramite.idTramite,
          ]);
          if (!carga)
            throw badRequest(MSG_PLANILLA.seleccioneCarga, { idCarga: MSG_PLANILLA.seleccioneCarga });
        }
        const params = new Params();
        // Only attentions still PENDIENTE for this type are (re)assigned: a registered review keeps its reviewer.
        const w = [
          `p.id_tramite = ${params.add(tramite.idTramite)}`,
          'p.estado = 1',
          `p.${c.estado} = 'PENDIENTE'`,
        ];
        if (b.idCarga) w.push(`p.id_carga = ${params.add(b.idCarga)}`);
        if (!b.repartir && b.idPlanillas?.length)
          w.push(`p.id_planilla = ANY(${params.add(b.idPlanillas)}::int[])`);
        const usuarios = params.add(unicos);
        const idUsuario = params.add(req.user.idUsuario);
        const [x] = await tx.query<{ asignadas: number }>(
          `WITH objetivo AS (
             SELECT p.id_planilla, p.${c.usuario} AS antes,
                    (${usuarios}::int[])[((row_number() OVER (ORDER BY p.numero, p.id_planilla) - 1)
                                          % cardinality(${usuarios}::int[])) + 1] AS despues
               FROM planilla p WHERE ${w.join(' AND ')}
           ), cambio AS (
             UPDATE planilla p SET ${c.usuario} = o.despues, version = p.version + 1, fecha_act = now(), id_usuario_act = ${idUsuario}
               FROM objetivo o WHERE p.id_planilla = o.id_planilla AND o.antes IS DISTINCT FROM o.despues
             RETURNING p.id_planilla
           ), audit AS (
             INSERT INTO auditoria_pla (id_planilla, id_usuario, operacion, campo, antes, despues)
             SELECT o.id_planilla, ${idUsuario}, 'ASIGNAR', '${c.campoUsuario}', ua.nombre, ud.nombre
               FROM objetivo o JOIN cambio ch ON ch.id_planilla = o.id_planilla
               LEFT JOIN usuario ua ON ua.id_usuario = o.antes
               LEFT JOIN usuario ud ON ud.id_usuario = o.despues
           )
           SELECT count(*)::int AS asignadas FROM objetivo`,
          params.values,
        );
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

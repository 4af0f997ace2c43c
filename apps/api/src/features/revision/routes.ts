import {
  type AccionRevision,
  asignacionBodySchema,
  asignacionQuerySchema,
  assigneeProfiles,
  assignProfiles,
  CONTROLES,
  canFinalizeReview,
  controlQuerySchema,
  esEstadoTrabajo,
  estadoRevision,
  getTramitesByIdAsignacionesResponse,
  getTramitesByIdControlesByNResponse,
  getTramitesByIdControlesResponse,
  idParams,
  idSchema,
  isSupervision,
  MSG_PLANILLA,
  postCargasByIdRevisionFinalizarResponse,
  postPlanillasByIdRevisionResponse,
  postTramitesByIdAsignacionesResponse,
  puedeTransicionRevision,
  responses,
  revisionBodySchema,
  revisionCierreBodySchema,
  revisionTransicionResponse,
  type SessionUser,
  type TipoRevision,
  TRANSICIONES_REVISION,
  type TransicionRevision,
  transicionRevision,
  uncheckedResponses,
} from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { AppError, badRequest, conflict, forbidden } from '../../lib/errors.ts';
import { SIN_RESPONDER_SQL, sinResponderPlanilla } from '../observaciones/queries.ts';
import {
  assertEstadoTrabajo,
  assertVersion,
  getCargaForUser,
  getPlanillaForUser,
  type PlanillaRow,
  perfilNoAutorizado,
  recordChanges,
} from '../planillas/access.ts';
import { Params } from '../planillas/queries.ts';
import { getTramiteForUser, writeBitacora } from '../tramites/access.ts';
import { aplicar } from '../workflow/service.ts';
import { asignacionConsultaRoutes } from './asignaciones.ts';
import { controlSql } from './controles-sql.ts';
import { pendientesRoutes, siguientePendiente } from './pendientes.ts';

const tags = ['revisión'];

/** Column names of one review type. */
const COLS = {
  M: {
    estado: 'estado_aud',
    usuario: 'id_usuario_med',
    fecha: 'fecha_aud',
    campo: 'estadoAud',
    campoUsuario: 'usuarioMed',
  },
  D: {
    estado: 'estado_doc',
    usuario: 'id_usuario_doc',
    fecha: 'fecha_doc',
    campo: 'estadoDoc',
    campoUsuario: 'usuarioDoc',
  },
} as const;

/** Who left the attention's review of that type in its current state (the audit trail), if anyone. */
async function autorRevision(tx: Queryable, p: PlanillaRow, tipo: TipoRevision, estado: string) {
  const [a] = await tx.query<{ nombre: string }>(
    `SELECT u.nombre FROM auditoria_pla a JOIN usuario u ON u.id_usuario = a.id_usuario
      WHERE a.id_planilla = $1 AND a.operacion = 'REVISION' AND a.campo = $2 AND a.despues = $3
      ORDER BY a.id_auditoria DESC LIMIT 1`,
    [p.idPlanilla, COLS[tipo].campo, estado],
  );
  return a?.nombre ?? null;
}

/**
 * One review transition of one attention (the domain's TRANSICIONES_REVISION), in one transaction:
 * procedure FOR SHARE, attention FOR UPDATE; profile, state of the procedure, version and current
 * review state checked; audit trail and bitácora written. A review never changes an assignment: the
 * one who loses a race for the same review gets 409 naming who won.
 */
async function aplicarRevision(
  tx: Queryable,
  user: SessionUser,
  idPlanilla: number,
  tipo: TipoRevision,
  version: number | undefined,
  tr: TransicionRevision,
) {
  const { planilla: p, tramite } = await getPlanillaForUser(tx, user, idPlanilla, { lock: 'share' });
  if (!puedeTransicionRevision(tr, user, p, tipo)) throw perfilNoAutorizado();
  assertEstadoTrabajo(tramite);
  const actual = estadoRevision(p, tipo);
  if (actual !== tr.desde) {
    const autor = await autorRevision(tx, p, tipo, actual);
    if (autor) {
      const code = version !== undefined && version !== p.version ? 'VERSION' : 'ESTADO_REVISION';
      throw conflict(MSG_PLANILLA.revisionGanada(tipo, p.numero, actual, autor), code);
    }
  }
  assertVersion(p, version);
  if (actual !== tr.desde)
    throw conflict(MSG_PLANILLA.estadoRevisionInvalido(tipo, tr.desde, actual), 'ESTADO_REVISION');
  if (tr.guards.includes('observacionesRespondidas')) {
    // Observations of the attention and of its line items (features/observaciones).
    if ((await sinResponderPlanilla(tx, p.idPlanilla, tipo)) > 0)
      throw new AppError(422, 'OBSERVACIONES_PENDIENTES', MSG_PLANILLA.observacionesSinResponder);
  }
  const c = COLS[tipo];
  const sets = [`${c.estado} = $2`, 'version = version + 1', 'fecha_act = now()', 'id_usuario_act = $3'];
  if (tr.efectos.includes('fechaRevision')) sets.push(`${c.fecha} = now()`);
  if (tr.efectos.includes('borrarFechaRevision')) sets.push(`${c.fecha} = NULL`);
  const [u] = await tx.query<{ version: number; estadoAud: string; estadoDoc: string }>(
    `UPDATE planilla SET ${sets.join(', ')} WHERE id_planilla = $1
     RETURNING version, estado_aud AS "estadoAud", estado_doc AS "estadoDoc"`,
    [p.idPlanilla, tr.hacia, user.idUsuario],
  );
  await recordChanges(
    tx,
    { [c.campo]: actual },
    { [c.campo]: tr.hacia },
    { idPlanilla: p.idPlanilla, idUsuario: user.idUsuario, operacion: 'REVISION' },
  );
  await writeBitacora(tx, tramite.idTramite, user.idUsuario, tipo, tr.bitacora(tipo, p.numero));
  return { planilla: p, tramite, item: { idPlanilla: p.idPlanilla, ...u } };
}

const transicionDe = (accion: AccionRevision) => transicionRevision(accion) as TransicionRevision;

export async function revisionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;
  const auth = { onRequest: [app.authenticate] };

  await app.register(asignacionConsultaRoutes);
  await app.register(pendientesRoutes);

  r.post(
    '/api/v1/planillas/:id/revision',
    {
      ...auth,
      schema: {
        response: responses({ 200: postPlanillasByIdRevisionResponse }),
        tags,
        summary: transicionDe('revisar').summary,
        params: idParams,
        body: revisionBodySchema,
      },
    },
    async (req) => {
      const { tipo, version } = req.body;
      const res = await db.transaction((tx) =>
        aplicarRevision(tx, req.user, req.params.id, tipo, version, transicionDe('revisar')),
      );
      const sig = await siguientePendiente(
        db,
        req.user,
        res.tramite,
        tipo,
        res.planilla.idCarga,
        res.planilla.idPlanilla,
      );
      return { mensaje: MSG_PLANILLA.revisionRegistrada, item: res.item, siguiente: sig?.idPlanilla ?? null };
    },
  );

  // The other transitions of one review (docs/spec-summary.md 000 §4): the domain's table, one handler.
  for (const tr of TRANSICIONES_REVISION.filter((x) => x.accion !== 'revisar')) {
    const body = tr.quien === 'supervisor' ? revisionCierreBodySchema : revisionBodySchema;
    r.post(
      `/api/v1/planillas/:id/revision/${tr.accion}`,
      {
        ...auth,
        schema: {
          tags,
          summary: tr.summary,
          params: idParams,
          body,
          response: responses({ 200: revisionTransicionResponse }),
        },
      },
      async (req) => {
        const { tipo, version } = req.body;
        const res = await db.transaction((tx) =>
          aplicarRevision(tx, req.user, req.params.id, tipo, version, tr),
        );
        return { mensaje: tr.mensaje, item: res.item };
      },
    );
  }

  r.post(
    '/api/v1/cargas/:id/revision/finalizar',
    {
      ...auth,
      schema: {
        response: responses({ 200: postCargasByIdRevisionFinalizarResponse }),
        tags,
        summary: 'Finalizar todas las revisiones REVISADAS de una carga (supervisor)',
        params: idParams,
        body: revisionCierreBodySchema.pick({ tipo: true }),
      },
    },
    async (req) => {
      const { tipo } = req.body;
      const c = COLS[tipo];
      const res = await db.transaction(async (tx) => {
        const { carga, tramite } = await getCargaForUser(tx, req.user, req.params.id, { lock: 'share' });
        if (!canFinalizeReview(req.user.idPerfil, tipo)) throw perfilNoAutorizado();
        assertEstadoTrabajo(tramite);
        // Set-based: every REVISADA of the load without an unanswered observation of this type.
        const [x] = await tx.query<{ finalizadas: number; omitidas: number }>(
          `WITH revisadas AS (
             SELECT p.id_planilla,
                    ${SIN_RESPONDER_SQL('p', '$2')} AS pendiente
               FROM planilla p WHERE p.id_carga = $1 AND p.estado = 1 AND p.${c.estado} = 'REVISADA'
                FOR UPDATE OF p
           ), cambio AS (
             UPDATE planilla p SET ${c.estado} = 'FINALIZADA', version = p.version + 1, fecha_act = now(), id_usuario_act = $3
               FROM revisadas r WHERE p.id_planilla = r.id_planilla AND NOT r.pendiente
             RETURNING p.id_planilla
           ), audit AS (
             INSERT INTO auditoria_pla (id_planilla, id_usuario, operacion, campo, antes, despues)
             SELECT id_planilla, $3, 'REVISION', '${c.campo}', 'REVISADA', 'FINALIZADA' FROM cambio
           )
           SELECT (SELECT count(*)::int FROM cambio) AS finalizadas,
                  (SELECT count(*)::int FROM revisadas WHERE pendiente) AS omitidas`,
          [carga.idCarga, tipo, req.user.idUsuario],
        );
        if (x.finalizadas === 0) {
          throw new AppError(422, 'SIN_REVISADAS', MSG_PLANILLA.sinRevisadasCarga, {
            omitidas: String(x.omitidas),
          });
        }
        await writeBitacora(
          tx,
          tramite.idTramite,
          req.user.idUsuario,
          tipo,
          MSG_PLANILLA.bitacoraFinalizadasCarga(tipo, carga.idCarga, x.finalizadas),
        );
        return x;
      });
      return { mensaje: MSG_PLANILLA.revisionesFinalizadas(res.finalizadas), ...res };
    },
  );

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

  r.get(
    '/api/v1/tramites/:id/controles',
    {
      ...auth,
      schema: {
        response: responses({ 200: getTramitesByIdControlesResponse }),
        tags,
        summary: 'Controles 1 a 5: número de atenciones señaladas por cada uno',
        params: idParams,
        querystring: controlQuerySchema.pick({ idCarga: true }),
      },
    },
    async (req) => {
      const tramite = await getTramiteForUser(db, req.user, req.params.id);
      if (!isSupervision(req.user.idPerfil)) throw forbidden();
      const vals: unknown[] = [tramite.idTramite];
      if (req.query.idCarga) vals.push(req.query.idCarga);
      const controles = [];
      for (const ctl of CONTROLES) {
        const [x] = await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM (${controlSql(ctl.control, '$1', req.query.idCarga ? '$2' : null)}) x`,
          vals,
        );
        controles.push({
          control: ctl.control,
          nombre: ctl.nombre,
          descripcion: ctl.descripcion,
          total: x.n,
        });
      }
      return { controles };
    },
  );

  r.get(
    '/api/v1/tramites/:id/controles/:n',
    {
      ...auth,
      schema: {
        response: uncheckedResponses({ 200: getTramitesByIdControlesByNResponse }),
        tags,
        summary: 'Atenciones señaladas por un control, con el motivo',
        params: z.object({
          id: idSchema,
          n: z.coerce.number().int().min(1).max(5),
        }),
        querystring: controlQuerySchema,
      },
    },
    async (req) => {
      const tramite = await getTramiteForUser(db, req.user, req.params.id);
      if (!isSupervision(req.user.idPerfil)) throw forbidden();
      const { idCarga, page, pageSize } = req.query;
      const vals: unknown[] = [tramite.idTramite];
      if (idCarga) vals.push(idCarga);
      const sql = controlSql(req.params.n, '$1', idCarga ? '$2' : null);
      vals.push(pageSize, (page - 1) * pageSize);
      // One evaluation of the control: the count rides along as a window.
      const rows = await db.query<{ total: number }>(
        `SELECT p.id_planilla AS "idPlanilla", p.id_carga AS "idCarga", p.numero, p.cedula, p.nombre,
                p.fecha_desde AS "fechaDesde", p.fecha_hasta AS "fechaHasta", x.motivo, count(*) OVER ()::int AS total
           FROM (${sql}) x
          CROSS JOIN LATERAL (SELECT * FROM planilla pl WHERE pl.id_planilla = x.id_planilla) p
          ORDER BY p.numero, p.id_planilla LIMIT $${vals.length - 1} OFFSET $${vals.length}`,
        vals,
      );
      let total = rows[0]?.total ?? 0;
      if (rows.length === 0 && page > 1) {
        const [c] = await db.query<{ n: number }>(
          `SELECT count(*)::int AS n FROM (${sql}) x`,
          vals.slice(0, -2),
        );
        total = c.n;
      }
      return { items: rows.map(({ total: _t, ...r }) => r), total, page, pageSize };
    },
  );
}

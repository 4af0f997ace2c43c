import {
  asignacionBodySchema,
  asignacionQuerySchema,
  assigneeProfiles,
  assignProfiles,
  CONTROLES,
  canFinalizeReview,
  canProcess,
  controlQuerySchema,
  esEstadoTrabajo,
  idParams,
  idSchema,
  isSupervision,
  MSG_PLANILLA,
  reviewType,
  revisionBodySchema,
  revisionCierreBodySchema,
  type SessionUser,
  type TipoRevision,
} from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { AppError, badRequest, conflict, forbidden } from '../../lib/errors.ts';
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
import { siguientePendiente } from '../planillas/routes.ts';
import { getTramiteForUser, writeBitacora } from '../tramites/access.ts';
import { asignacionConsultaRoutes } from './asignaciones.ts';
import { controlSql } from './controles-sql.ts';

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

const estadoDe = (p: PlanillaRow, tipo: TipoRevision) => (tipo === 'M' ? p.estadoAud : p.estadoDoc);

type Transicion = {
  accion: 'revisar' | 'reiniciar' | 'finalizar' | 'reabrir';
  desde: string;
  hacia: string;
};

/**
 * One review transition of one attention, in one transaction: procedure FOR SHARE, attention FOR
 * UPDATE; profile, state of the procedure, version and current review state checked; audit trail
 * and bitácora written.
 */
async function transicionRevision(
  tx: Queryable,
  user: SessionUser,
  idPlanilla: number,
  tipo: TipoRevision,
  version: number | undefined,
  t: Transicion,
) {
  const { planilla: p, tramite } = await getPlanillaForUser(tx, user, idPlanilla, { lock: 'share' });
  const supervisor = t.accion === 'finalizar' || t.accion === 'reabrir';
  if (
    supervisor
      ? !canFinalizeReview(user.idPerfil, tipo)
      : reviewType(user.idPerfil) !== tipo || !canProcess(user, p, tipo)
  ) {
    throw perfilNoAutorizado();
  }
  assertEstadoTrabajo(tramite);
  assertVersion(p, version);
  const actual = estadoDe(p, tipo);
  if (actual !== t.desde)
    throw conflict(MSG_PLANILLA.estadoRevisionInvalido(tipo, t.desde, actual), 'ESTADO_REVISION');
  if (t.accion === 'finalizar') {
    const [o] = await tx.query<{ n: number }>(
      `SELECT count(*)::int AS n FROM pla_obs
        WHERE id_planilla = $1 AND observacion_tipo = $2 AND estado = 1 AND respuesta IS NULL AND id_respuesta IS NULL`,
      [p.idPlanilla, tipo],
    );
    if (o.n > 0) throw new AppError(422, 'OBSERVACIONES_PENDIENTES', MSG_PLANILLA.observacionesSinResponder);
  }
  const c = COLS[tipo];
  const sets = [`${c.estado} = $2`, 'version = version + 1', 'fecha_act = now()', 'id_usuario_act = $3'];
  if (t.accion === 'revisar') sets.push(`${c.usuario} = $3`, `${c.fecha} = now()`);
  if (t.accion === 'reiniciar') sets.push(`${c.fecha} = NULL`);
  const [u] = await tx.query<{ version: number; estadoAud: string; estadoDoc: string }>(
    `UPDATE planilla SET ${sets.join(', ')} WHERE id_planilla = $1
     RETURNING version, estado_aud AS "estadoAud", estado_doc AS "estadoDoc"`,
    [p.idPlanilla, t.hacia, user.idUsuario],
  );
  const before: Record<string, string | null> = { [c.campo]: actual };
  const after: Record<string, string | null> = { [c.campo]: t.hacia };
  if (t.accion === 'revisar') {
    const antes = tipo === 'M' ? p.idUsuarioMed : p.idUsuarioDoc;
    const [nombre] = await tx.query<{ nombre: string }>('SELECT nombre FROM usuario WHERE id_usuario = $1', [
      antes ?? -1,
    ]);
    before[c.campoUsuario] = nombre?.nombre ?? null;
    after[c.campoUsuario] = user.nombre;
  }
  await recordChanges(tx, before, after, {
    idPlanilla: p.idPlanilla,
    idUsuario: user.idUsuario,
    operacion: 'REVISION',
  });
  const texto = {
    revisar: MSG_PLANILLA.bitacoraRevision,
    reiniciar: MSG_PLANILLA.bitacoraReinicio,
    finalizar: MSG_PLANILLA.bitacoraFinalizada,
    reabrir: MSG_PLANILLA.bitacoraReabierta,
  }[t.accion];
  await writeBitacora(tx, tramite.idTramite, user.idUsuario, tipo, texto(tipo, p.numero));
  return { planilla: p, tramite, item: { idPlanilla: p.idPlanilla, ...u } };
}

export async function revisionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;
  const auth = { onRequest: [app.authenticate] };

  await app.register(asignacionConsultaRoutes);

  r.post(
    '/api/v1/planillas/:id/revision',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Registrar la revisión AM (M) o GD (D): PENDIENTE → REVISADA',
        params: idParams,
        body: revisionBodySchema,
      },
    },
    async (req) => {
      const { tipo, version } = req.body;
      const res = await db.transaction((tx) =>
        transicionRevision(tx, req.user, req.params.id, tipo, version, {
          accion: 'revisar',
          desde: 'PENDIENTE',
          hacia: 'REVISADA',
        }),
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

  // The other transitions of one review (spec 000 §4): one declaration each, the same handler.
  const TRANSICIONES = [
    {
      accion: 'reiniciar',
      summary: 'Reiniciar la revisión: REVISADA → PENDIENTE',
      body: revisionBodySchema,
      desde: 'REVISADA',
      hacia: 'PENDIENTE',
      mensaje: MSG_PLANILLA.revisionReiniciada,
    },
    {
      accion: 'finalizar',
      summary: 'Finalizar la revisión (supervisor): REVISADA → FINALIZADA, sin observaciones sin responder',
      body: revisionCierreBodySchema,
      desde: 'REVISADA',
      hacia: 'FINALIZADA',
      mensaje: MSG_PLANILLA.revisionFinalizada,
    },
    {
      accion: 'reabrir',
      summary: 'Reabrir la revisión (supervisor): FINALIZADA → REVISADA',
      body: revisionCierreBodySchema,
      desde: 'FINALIZADA',
      hacia: 'REVISADA',
      mensaje: MSG_PLANILLA.revisionReabierta,
    },
  ] as const;
  for (const tr of TRANSICIONES) {
    r.post(
      `/api/v1/planillas/:id/revision/${tr.accion}`,
      { ...auth, schema: { tags, summary: tr.summary, params: idParams, body: tr.body } },
      async (req) => {
        const { tipo, version } = req.body;
        const res = await db.transaction((tx) =>
          transicionRevision(tx, req.user, req.params.id, tipo, version, {
            accion: tr.accion,
            desde: tr.desde,
            hacia: tr.hacia,
          }),
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
                    EXISTS (SELECT 1 FROM pla_obs o WHERE o.id_planilla = p.id_planilla AND o.observacion_tipo = $2
                              AND o.estado = 1 AND o.respuesta IS NULL AND o.id_respuesta IS NULL) AS pendiente
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
        let estadoTramite = tramite.estadoTramite;
        if (tramite.estadoTramite === 'RECIBIDO' && x.asignadas > 0) {
          await tx.query(
            `UPDATE tramite SET estado_tramite = 'EN PROCESO', version = version + 1, fecha_act = now(), id_usuario_act = $2
              WHERE id_tramite = $1`,
            [tramite.idTramite, req.user.idUsuario],
          );
          await writeBitacora(
            tx,
            tramite.idTramite,
            req.user.idUsuario,
            'SUPERVISIÓN',
            MSG_PLANILLA.bitacoraInicio,
          );
          estadoTramite = 'EN PROCESO';
        }
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

import {
  accionBodySchema,
  accionesPermitidas,
  ESTADOS_PROCESADOS,
  ESTADOS_TRABAJO,
  esEditable,
  getPrestadoresMiosResponse,
  getTramitesAccionesResponse,
  getTramitesByIdAnulacionResponse,
  getTramitesByIdResponse,
  getTramitesResponse,
  idParams,
  idSchema,
  MSG,
  MSG_ANULACION,
  MSG_TRAMITE,
  PERFIL,
  periodoEditable,
  postTramitesByIdAccionesByAccionResponse,
  postTramitesResponse201,
  putTramitesByIdResponse,
  responses,
  type SessionUser,
  semanasEnPeriodo,
  TRANSICIONES,
  tramiteInputSchema,
  tramiteListQuerySchema,
  tramiteUpdateSchema,
  transicion,
  uncheckedResponses,
} from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { AppError, badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { likePattern } from '../../lib/sql.ts';
import { aplicar } from '../workflow/service.ts';
import { getTramiteForUser, tramiteScope, writeBitacora } from './access.ts';
import { insertTramite } from './insert.ts';
import { TRAMITE_FROM, TRAMITE_VIEW } from './queries.ts';

const tags = ['trámites'];

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

function vistaCondition(vista: string, user: SessionUser, n: number): { sql: string; params: unknown[] } {
  if (vista === 'procesados')
    return { sql: `t.estado_tramite = ANY($${n}::text[])`, params: [ESTADOS_PROCESADOS] };
  if (vista !== 'asignados') return { sql: 'TRUE', params: [] };
  const trabajo = [...ESTADOS_TRABAJO, 'OBSERVACIONES'];
  if (user.idPerfil === PERFIL.AUDITOR_AM || user.idPerfil === PERFIL.GESTOR_GD) {
    const colUser = user.idPerfil === PERFIL.AUDITOR_AM ? 'id_usuario_med' : 'id_usuario_doc';
    return {
      sql: `t.estado_tramite = ANY($${n}::text[]) AND (t.tipo_asignacion = 'T' OR EXISTS (
              SELECT 1 FROM planilla pl WHERE pl.id_tramite = t.id_tramite AND pl.estado = 1 AND pl.${colUser} = $${n + 1}))`,
      params: [trabajo, user.idUsuario],
    };
  }
  return { sql: `t.estado_tramite = ANY($${n}::text[])`, params: [trabajo] };
}

/**
 * For the auditor (18) and the operative (20) in 'Trámites Asignados': how many active attentions of
 * each procedure still wait for their review (theirs, or all of them when the procedure is assigned
 * to everybody, tipo T). Counted on the (id_tramite, id_usuario_med|doc, estado_aud|doc) index.
 */
function misPendientes(user: SessionUser, params: unknown[]): string {
  if (user.idPerfil !== PERFIL.AUDITOR_AM && user.idPerfil !== PERFIL.GESTOR_GD) return '';
  const am = user.idPerfil === PERFIL.AUDITOR_AM;
  const [usuario, estado] = am ? ['id_usuario_med', 'estado_aud'] : ['id_usuario_doc', 'estado_doc'];
  params.push(user.idUsuario);
  return `, (SELECT count(*)::int FROM planilla pl
             WHERE pl.id_tramite = t.id_tramite AND pl.estado = 1 AND pl.${estado} = 'PENDIENTE'
               AND (t.tipo_asignacion = 'T' OR pl.${usuario} = $${params.length})) AS "misPendientes"`;
}

/** What a procedure holds: the annul confirmation names it and the bitácora keeps it (decision 50). */
async function contenidoTramite(q: Queryable, idTramite: number) {
  const [r] = await q.query<{ cargas: number; atenciones: number; lineas: number; archivos: number }>(
    `SELECT (SELECT count(*)::int FROM carga c WHERE c.id_tramite = $1 AND c.estado = 1) AS cargas,
            (SELECT count(*)::int FROM planilla p WHERE p.id_tramite = $1 AND p.estado = 1) AS atenciones,
            (SELECT count(*)::int FROM planilla_det d JOIN planilla p ON p.id_planilla = d.id_planilla
              WHERE p.id_tramite = $1 AND p.estado = 1) AS lineas,
            (SELECT count(*)::int FROM archivo_pla a JOIN planilla p ON p.id_planilla = a.id_planilla
              WHERE p.id_tramite = $1 AND p.estado = 1) AS archivos`,
    [idTramite],
  );
  return r;
}

export async function tramiteRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;
  const auth = { onRequest: [app.authenticate] };

  async function view(user: SessionUser, idTramite: number) {
    const t = await getTramiteForUser(db, user, idTramite);
    const [row] = await db.query<Record<string, unknown>>(
      `SELECT ${TRAMITE_VIEW} ${TRAMITE_FROM} WHERE t.id_tramite = $1`,
      [t.idTramite],
    );
    return { ...row, acciones: accionesPermitidas(t, user.idPerfil).map((a) => a.accion) };
  }

  r.get(
    '/api/v1/tramites',
    {
      ...auth,
      schema: {
        response: uncheckedResponses({ 200: getTramitesResponse }),
        tags,
        summary: 'Lista de trámites por vista',
        querystring: tramiteListQuerySchema,
      },
    },
    async (req) => {
      const { vista, estado, idPrestador, idServicio, desde, hasta, numero, q, page, pageSize } = req.query;
      if (!VISTAS[vista].includes(req.user.idPerfil)) throw forbidden();
      const params: unknown[] = [];
      const where: string[] = [];
      const add = (c: { sql: string; params: unknown[] }) => {
        where.push(c.sql);
        params.push(...c.params);
      };
      // Headers only: supervisors list procedures not sent yet too (docs/spec-summary.md 000 '/tramite'), never their content.
      add(tramiteScope(req.user, params.length + 1, { cabecera: true }));
      add(vistaCondition(vista, req.user, params.length + 1));
      const eq = (sqlCol: string, v: unknown) => {
        if (v === undefined || v === '') return;
        params.push(v);
        where.push(`${sqlCol} = $${params.length}`);
      };
      eq('t.estado_tramite', estado);
      // An annulled procedure leaves the lists (decision 50); asked for by its state, it is still there.
      if (estado !== 'ANULADO') where.push(`t.estado_tramite <> 'ANULADO'`);
      eq('t.id_prestador', idPrestador);
      eq('t.id_servicio', idServicio);
      if (desde) {
        params.push(desde);
        where.push(`t.fecha_hasta >= $${params.length}`);
      }
      if (hasta) {
        params.push(hasta);
        where.push(`t.fecha_desde <= $${params.length}`);
      }
      if (numero) {
        params.push(likePattern(numero.toUpperCase()));
        where.push(`(t.numero LIKE $${params.length} OR t.id_tramite::text = $${params.length + 1})`);
        params.push(numero);
      }
      if (q) {
        params.push(
          likePattern(
            q
              .normalize('NFD')
              .replace(/[\u0300-\u036f]/g, '')
              .toLowerCase(),
          ),
        );
        where.push(
          `(f_unaccent(lower(t.descripcion)) LIKE $${params.length} OR f_unaccent(lower(p.nombre_comercial)) LIKE $${params.length})`,
        );
      }
      const w = where.join(' AND ');
      const [{ n }] = await db.query<{ n: number }>(
        `SELECT count(*)::int AS n ${TRAMITE_FROM} WHERE ${w}`,
        params,
      );
      const pendientes = vista === 'asignados' ? misPendientes(req.user, params) : '';
      params.push(pageSize, (page - 1) * pageSize);
      const items = await db.query(
        `SELECT ${TRAMITE_VIEW}${pendientes} ${TRAMITE_FROM} WHERE ${w} ORDER BY t.id_tramite DESC
          LIMIT $${params.length - 1} OFFSET $${params.length}`,
        params,
      );
      return { items, total: n, page, pageSize };
    },
  );

  r.post(
    '/api/v1/tramites',
    {
      onRequest: [app.authenticate],
      preValidation: [app.requireProfile(PERFIL.PRESTADOR)],
      schema: {
        response: uncheckedResponses({ 201: postTramitesResponse201 }),
        tags,
        summary: 'Registrar un trámite (prestador)',
        body: tramiteInputSchema,
      },
    },
    async (req, reply) => {
      const b = req.body;
      const prest = await db.query<{ id: number }>(
        'SELECT id_prestador AS id FROM prestador WHERE id_prestador = $1 AND id_empresa = $2',
        [b.idPrestador, req.user.idEmpresa],
      );
      if (!prest[0])
        throw badRequest(MSG.campoRequerido('Prestador'), { idPrestador: 'Prestador no válido.' });
      const susc = await db.query<{ idEmpresa: number }>(
        'SELECT id_empresa AS "idEmpresa" FROM suscripcion WHERE id_suscripcion = $1',
        [req.user.idSuscripcion],
      );
      if (!susc[0])
        throw new AppError(422, 'SIN_SUSCRIPCION', 'Su usuario no está asociado a una suscripción vigente.');
      const maxSemanas =
        b.frecuenciaCarga === 'S' ? (b.maxSemanas ?? semanasEnPeriodo(b.fechaDesde, b.fechaHasta)) : 0;
      const id = await db.transaction(async (tx) => {
        const idTramite = await insertTramite(tx, {
          idSuscripcion: req.user.idSuscripcion ?? -1,
          idEmpresaAseguradora: susc[0].idEmpresa,
          idPrestador: b.idPrestador,
          idServicio: b.idServicio,
          fechaDesde: b.fechaDesde,
          fechaHasta: b.fechaHasta,
          descripcion: b.descripcion,
          frecuenciaCarga: b.frecuenciaCarga,
          maxSemanas,
          idUsuario: req.user.idUsuario,
        });
        await writeBitacora(tx, idTramite, req.user.idUsuario, 'ESTADO', 'Trámite registrado (REGISTRADO).');
        return idTramite;
      });
      reply.code(201);
      return { mensaje: MSG_TRAMITE.creado, item: await view(req.user, id) };
    },
  );

  r.get(
    '/api/v1/tramites/:id',
    {
      ...auth,
      schema: {
        response: uncheckedResponses({ 200: getTramitesByIdResponse }),
        tags,
        summary: 'Un trámite',
        params: idParams,
      },
    },
    async (req) => view(req.user, req.params.id),
  );

  r.put(
    '/api/v1/tramites/:id',
    {
      ...auth,
      schema: {
        response: uncheckedResponses({ 200: putTramitesByIdResponse }),
        tags,
        summary:
          'Actualizar fechas y descripción (REGISTRADO, o con una autorización aprobada solo ampliando el período)',
        params: idParams,
        body: tramiteUpdateSchema,
      },
    },
    async (req) => {
      if (req.user.idPerfil !== PERFIL.PRESTADOR) {
        await getTramiteForUser(db, req.user, req.params.id);
        throw forbidden();
      }
      await db.transaction(async (tx) => {
        const t = await getTramiteForUser(tx, req.user, req.params.id, { lock: true });
        if (!esEditable(t)) throw conflict(MSG_TRAMITE.noEditable, 'ESTADO_INVALIDO');
        if (!periodoEditable(t, req.body.fechaDesde, req.body.fechaHasta)) {
          throw badRequest(MSG_TRAMITE.soloAmpliarPeriodo, { fechaDesde: MSG_TRAMITE.soloAmpliarPeriodo });
        }
        if (req.body.version !== undefined && req.body.version !== t.version) {
          throw conflict(MSG_TRAMITE.estadoCambio('en la versión que usted vio', t.estadoTramite), 'VERSION');
        }
        const maxSemanas =
          t.frecuenciaCarga === 'S'
            ? semanasEnPeriodo(req.body.fechaDesde, req.body.fechaHasta)
            : t.maxSemanas;
        await tx.query(
          `UPDATE tramite SET fecha_desde = $1, fecha_hasta = $2, descripcion = $3, max_semanas = $4, version = version + 1,
             fecha_act = now(), id_usuario_act = $5 WHERE id_tramite = $6`,
          [
            req.body.fechaDesde,
            req.body.fechaHasta,
            req.body.descripcion,
            maxSemanas,
            req.user.idUsuario,
            t.idTramite,
          ],
        );
      });
      return { mensaje: MSG_TRAMITE.actualizado, item: await view(req.user, req.params.id) };
    },
  );

  r.get(
    '/api/v1/prestadores/mios',
    {
      ...auth,
      schema: {
        response: responses({ 200: getPrestadoresMiosResponse }),
        tags,
        summary: 'Prestadores visibles para el usuario (para formularios y filtros)',
      },
    },
    async (req) => {
      if (req.user.idPerfil === PERFIL.PRESTADOR) {
        return db.query(
          `SELECT id_prestador AS "idPrestador", nombre_comercial AS "nombreComercial", ruc
             FROM prestador WHERE id_empresa = $1 ORDER BY nombre_comercial`,
          [req.user.idEmpresa],
        );
      }
      return db.query(
        `SELECT p.id_prestador AS "idPrestador", p.nombre_comercial AS "nombreComercial", p.ruc
           FROM prestador p JOIN empresa e ON e.id_empresa = p.id_empresa
          WHERE e.id_empresa_suscriptora = (SELECT s.id_empresa FROM suscripcion s WHERE s.id_suscripcion = $1)
          ORDER BY p.nombre_comercial`,
        [req.user.idSuscripcion ?? -1],
      );
    },
  );

  r.get(
    '/api/v1/tramites/acciones',
    {
      ...auth,
      schema: {
        response: uncheckedResponses({ 200: getTramitesAccionesResponse }),
        tags,
        summary: 'Tabla de transiciones del flujo',
      },
    },
    async () =>
      TRANSICIONES.map(({ accion, label, desde, hacia, perfiles }) => ({
        accion,
        label,
        desde,
        hacia,
        perfiles,
      })),
  );

  r.get(
    '/api/v1/tramites/:id/anulacion',
    {
      ...auth,
      schema: {
        response: responses({ 200: getTramitesByIdAnulacionResponse }),
        tags,
        summary:
          'Qué contiene un trámite antes de anularlo (para la confirmación) y si el usuario puede anularlo',
        params: idParams,
      },
    },
    async (req) => {
      const t = await getTramiteForUser(db, req.user, req.params.id);
      const puede = accionesPermitidas(t, req.user.idPerfil).some((a) => a.accion === 'anular');
      return {
        estadoTramite: t.estadoTramite,
        puedeAnular: puede,
        ...(await contenidoTramite(db, t.idTramite)),
      };
    },
  );

  r.post(
    '/api/v1/tramites/:id/acciones/:accion',
    {
      ...auth,
      schema: {
        response: uncheckedResponses({ 200: postTramitesByIdAccionesByAccionResponse }),
        tags,
        summary: 'Aplicar una acción del flujo del trámite',
        params: z.object({ id: idSchema, accion: z.string().max(40) }),
        body: accionBodySchema.nullish(),
      },
    },
    async (req) => {
      const tr = transicion(req.params.accion);
      if (!tr) throw notFound();
      const expected = req.body?.estadoActual;
      if (tr.guards.includes('estadoEsperado') && !expected) {
        throw badRequest(MSG_TRAMITE.solicitudIncorrecta, {
          estadoActual: MSG.campoRequerido('Estado actual'),
        });
      }
      const result = await db.transaction(async (tx) => {
        const t = await getTramiteForUser(tx, req.user, req.params.id, { lock: true });
        // Annulling keeps everything; the bitácora says what the procedure held (decision 50).
        const nota =
          tr.accion === 'anular' && tr.perfiles.includes(req.user.idPerfil)
            ? MSG_ANULACION.bitacoraAnulado(await contenidoTramite(tx, t.idTramite))
            : undefined;
        const r = await aplicar(tx, t, tr.accion, req.user, {
          estadoActual: expected,
          tipo: req.body?.tipo,
          nota,
        });
        return { mensaje: r.mensaje };
      });
      return { ...result, item: await view(req.user, req.params.id) };
    },
  );
}

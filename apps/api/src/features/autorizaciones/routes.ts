import {
  autorizacionAccionResponse,
  autorizacionInputSchema,
  autorizacionListQuerySchema,
  autorizacionRechazoSchema,
  autorizacionResolverSchema,
  cargasActivasQuerySchema,
  ESTADOS_CARGA_AUTORIZACION,
  type EstadoTramite,
  getAutorizacionesByIdResponse,
  getCargasActivasResponse,
  getCargasActivasSinArchivosResponse,
  getSemanasResponse,
  getTramitesByIdAutorizacionesResponse,
  idParams,
  MSG_AUTORIZACION,
  PERFIL,
  PERFILES_RESUELVEN,
  postTramitesByIdAutorizacionesResponse201,
  puedeAnular,
  puedeCargarConAutorizacion,
  puedeResolver,
  puedeSolicitar,
  responses,
  type SessionUser,
  semanasDeRango,
  semanasQuerySchema,
  uncheckedResponses,
} from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { CARGA_SELECT, type Carga } from '../cargas/service.ts';
import { getTramiteForUser, writeBitacora } from '../tramites/access.ts';
import { TRAMITE_FROM, TRAMITE_VIEW } from '../tramites/queries.ts';

const tags = ['autorizaciones'];

export type Autorizacion = {
  idAutorizacion: number;
  idTramite: number;
  descripcion: string;
  observacion: string | null;
  estadoAut: string;
  fechaDesde: string | null;
  fechaHasta: string | null;
  fechaReg: Date;
  fechaApr: Date | null;
  fechaAct: Date | null;
  usuarioSolicita: string | null;
  usuarioResuelve: string | null;
  numCargas: number;
  numPlanillas: number;
};

const AUT_SELECT = `SELECT a.id_autorizacion AS "idAutorizacion", a.id_tramite AS "idTramite", a.descripcion, a.observacion,
  a.estado_aut AS "estadoAut", a.fecha_desde AS "fechaDesde", a.fecha_hasta AS "fechaHasta", a.fecha_reg AS "fechaReg",
  a.fecha_apr AS "fechaApr", a.fecha_act AS "fechaAct", us.nombre AS "usuarioSolicita",
  CASE WHEN a.estado_aut IN ('APROBADA', 'RECHAZADA') THEN ur.nombre END AS "usuarioResuelve",
  (SELECT count(*)::int FROM carga c WHERE c.id_autorizacion = a.id_autorizacion AND c.estado = 1) AS "numCargas",
  (SELECT count(*)::int FROM planilla p JOIN carga c ON c.id_carga = p.id_carga
    WHERE c.id_autorizacion = a.id_autorizacion AND c.estado = 1 AND p.estado = 1) AS "numPlanillas"
  FROM autorizacion a
  LEFT JOIN usuario us ON us.id_usuario = a.id_usuario_reg
  LEFT JOIN usuario ur ON ur.id_usuario = a.id_usuario_act`;

/** The actions the user may take on an authorization now (the web shows the same buttons). */
function accionesAutorizacion(user: SessionUser, estadoTramite: string, a: { estadoAut: string }): string[] {
  const out: string[] = [];
  if (puedeResolver(user.idPerfil, a)) {
    if (ESTADOS_CARGA_AUTORIZACION.includes(estadoTramite as EstadoTramite)) out.push('aprobar');
    out.push('rechazar');
  }
  if (puedeAnular(user.idPerfil, a)) out.push('anular');
  if (user.idPerfil === PERFIL.PRESTADOR && puedeCargarConAutorizacion(estadoTramite, a)) out.push('cargar');
  return out;
}

const numCargasActivas = async (q: Queryable, idTramite: number) =>
  (
    await q.query<{ n: number }>(
      'SELECT count(*)::int AS n FROM carga WHERE id_tramite = $1 AND estado = 1',
      [idTramite],
    )
  )[0].n;

const hayPendiente = async (q: Queryable, idTramite: number) =>
  (
    await q.query(`SELECT 1 FROM autorizacion WHERE id_tramite = $1 AND estado_aut = 'SOLICITADA'`, [
      idTramite,
    ])
  ).length > 0;

/**
 * Authorizations of a procedure ('Solicitudes', docs/spec-summary.md 000 §2, §3, §7): list, detail, request, approve,
 * reject and annul, with the bitácora; weeks of a date range; the active-load checks. Loads under an
 * authorization go through the ingest's own upload (POST /tramites/{id}/cargas with idAutorizacion).
 */
export async function autorizacionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;
  const auth = { onRequest: [app.authenticate] };

  /** The authorization if its procedure is in the user's tenant (else 404); optionally locked. */
  async function getAutorizacion(q: Queryable, user: SessionUser, id: number, lock = false) {
    const [ref] = await q.query<{ idTramite: number }>(
      'SELECT id_tramite AS "idTramite" FROM autorizacion WHERE id_autorizacion = $1',
      [id],
    );
    if (!ref) throw notFound();
    // Lock order everywhere: the procedure, then its authorization.
    const t = await getTramiteForUser(q, user, ref.idTramite, { lock });
    if (lock) await q.query('SELECT 1 FROM autorizacion WHERE id_autorizacion = $1 FOR UPDATE', [id]);
    const [a] = await q.query<Autorizacion>(`${AUT_SELECT} WHERE a.id_autorizacion = $1`, [id]);
    return { t, a };
  }

  async function detalle(user: SessionUser, id: number) {
    const { t, a } = await getAutorizacion(db, user, id);
    const [tramite] = await db.query<Record<string, unknown>>(
      `SELECT ${TRAMITE_VIEW} ${TRAMITE_FROM} WHERE t.id_tramite = $1`,
      [t.idTramite],
    );
    return { ...a, tramite, acciones: accionesAutorizacion(user, t.estadoTramite, a) };
  }

  r.get(
    '/api/v1/tramites/:id/autorizaciones',
    {
      ...auth,
      schema: {
        response: uncheckedResponses({ 200: getTramitesByIdAutorizacionesResponse }),
        tags,
        summary: 'Solicitudes de autorización de un trámite (más recientes primero)',
        params: idParams,
        querystring: autorizacionListQuerySchema,
      },
    },
    async (req) => {
      const t = await getTramiteForUser(db, req.user, req.params.id);
      const { estadoAut, page, pageSize } = req.query;
      const params: unknown[] = [t.idTramite];
      let where = 'a.id_tramite = $1';
      if (estadoAut) {
        params.push(estadoAut);
        where += ` AND a.estado_aut = $${params.length}`;
      }
      const [{ total }] = await db.query<{ total: number }>(
        `SELECT count(*)::int AS total FROM autorizacion a WHERE ${where}`,
        params,
      );
      params.push(pageSize, (page - 1) * pageSize);
      const items = await db.query<Autorizacion>(
        `${AUT_SELECT} WHERE ${where} ORDER BY a.id_autorizacion DESC LIMIT $${params.length - 1} OFFSET $${params.length}`,
        params,
      );
      return {
        items: items.map((a) => ({ ...a, acciones: accionesAutorizacion(req.user, t.estadoTramite, a) })),
        total,
        page,
        pageSize,
        // A new request: the state rule, and no request still waiting for an answer.
        puedeSolicitar:
          req.user.idPerfil === PERFIL.PRESTADOR &&
          puedeSolicitar({
            estadoTramite: t.estadoTramite,
            numCargas: await numCargasActivas(db, t.idTramite),
          }) &&
          !(await hayPendiente(db, t.idTramite)),
      };
    },
  );

  r.post(
    '/api/v1/tramites/:id/autorizaciones',
    {
      ...auth,
      preValidation: [app.requireProfile(PERFIL.PRESTADOR)],
      schema: {
        response: uncheckedResponses({ 201: postTramitesByIdAutorizacionesResponse201 }),
        tags,
        summary: 'Registrar una solicitud de autorización (prestador)',
        description:
          'Disponible en RECIBIDO, EN PROCESO u OBSERVACIONES, o cuando el trámite tiene más de una carga (nunca en ENVIADO). ' +
          'Una sola solicitud pendiente por trámite; las fechas dentro del período del trámite.',
        params: idParams,
        body: autorizacionInputSchema,
      },
    },
    async (req, reply) => {
      const id = await db.transaction(async (tx) => {
        const t = await getTramiteForUser(tx, req.user, req.params.id, { lock: true });
        if (req.user.idPerfil !== PERFIL.PRESTADOR) throw forbidden();
        const numCargas = await numCargasActivas(tx, t.idTramite);
        if (!puedeSolicitar({ estadoTramite: t.estadoTramite, numCargas })) {
          throw conflict(
            t.estadoTramite === 'ENVIADO'
              ? MSG_AUTORIZACION.solicitudesDeshabilitadas
              : MSG_AUTORIZACION.estadoNoPermiteSolicitud(t.estadoTramite),
            'ESTADO_INVALIDO',
          );
        }
        const b = req.body;
        if (b.fechaDesde < t.fechaDesde || b.fechaHasta > t.fechaHasta) {
          const m = MSG_AUTORIZACION.fechasFueraTramite(t.fechaDesde, t.fechaHasta);
          throw badRequest(m, { fechaDesde: m });
        }
        if (await hayPendiente(tx, t.idTramite))
          throw conflict(MSG_AUTORIZACION.solicitudPendiente, 'SOLICITUD_PENDIENTE');
        const [row] = await tx.query<{ id: number }>(
          `INSERT INTO autorizacion (id_tramite, descripcion, estado_aut, fecha_desde, fecha_hasta, id_usuario_reg)
           VALUES ($1, $2, 'SOLICITADA', $3, $4, $5) RETURNING id_autorizacion AS id`,
          [t.idTramite, b.descripcion, b.fechaDesde, b.fechaHasta, req.user.idUsuario],
        );
        await writeBitacora(
          tx,
          t.idTramite,
          req.user.idUsuario,
          'ESTADO',
          `Solicitud de autorización ${row.id} registrada (${b.fechaDesde} al ${b.fechaHasta}): ${b.descripcion}`,
        );
        return row.id;
      });
      reply.code(201);
      return { mensaje: MSG_AUTORIZACION.solicitada, item: await detalle(req.user, id) };
    },
  );

  r.get(
    '/api/v1/autorizaciones/:id',
    {
      ...auth,
      schema: {
        response: uncheckedResponses({ 200: getAutorizacionesByIdResponse }),
        tags,
        summary: 'Una autorización con los datos de su trámite y las acciones disponibles',
        params: idParams,
      },
    },
    async (req) => detalle(req.user, req.params.id),
  );

  type Resolucion = 'aprobar' | 'rechazar' | 'anular';
  const RESOLUCIONES: Record<
    Resolucion,
    { estado: string; mensaje: string; perfiles: readonly number[]; resumen: string; bitacora: string }
  > = {
    aprobar: {
      estado: 'APROBADA',
      mensaje: MSG_AUTORIZACION.aprobada,
      perfiles: PERFILES_RESUELVEN,
      resumen: 'Aprobar una solicitud de autorización (16, 17, 19)',
      bitacora: 'SUPERVISIÓN',
    },
    rechazar: {
      estado: 'RECHAZADA',
      mensaje: MSG_AUTORIZACION.rechazada,
      perfiles: PERFILES_RESUELVEN,
      resumen: 'Rechazar una solicitud de autorización con su motivo (16, 17, 19)',
      bitacora: 'SUPERVISIÓN',
    },
    anular: {
      estado: 'ANULADA',
      mensaje: MSG_AUTORIZACION.anulada,
      perfiles: [PERFIL.PRESTADOR],
      resumen: 'Anular una solicitud pendiente (prestador)',
      bitacora: 'ESTADO',
    },
  };

  for (const accion of Object.keys(RESOLUCIONES) as Resolucion[]) {
    const def = RESOLUCIONES[accion];
    r.post(
      `/api/v1/autorizaciones/:id/${accion}`,
      {
        ...auth,
        preValidation: [app.requireProfile(...def.perfiles)],
        schema: {
          tags,
          summary: def.resumen,
          params: idParams,
          response: uncheckedResponses({ 200: autorizacionAccionResponse }),
          body: accion === 'rechazar' ? autorizacionRechazoSchema : autorizacionResolverSchema,
        },
      },
      async (req) => {
        const observacion = (req.body as { observacion?: string } | null | undefined)?.observacion ?? null;
        await db.transaction(async (tx) => {
          const { t, a } = await getAutorizacion(tx, req.user, req.params.id, true);
          if (!def.perfiles.includes(req.user.idPerfil)) throw forbidden();
          if (a.estadoAut !== 'SOLICITADA')
            throw conflict(MSG_AUTORIZACION.yaResuelta(a.estadoAut), 'ESTADO_INVALIDO');
          if (
            accion === 'aprobar' &&
            !ESTADOS_CARGA_AUTORIZACION.includes(t.estadoTramite as EstadoTramite)
          ) {
            throw conflict(MSG_AUTORIZACION.estadoNoPermiteAprobar(t.estadoTramite), 'ESTADO_INVALIDO');
          }
          await tx.query(
            `UPDATE autorizacion SET estado_aut = $2, observacion = COALESCE($3, observacion),
                    fecha_apr = CASE WHEN $5 THEN now() ELSE fecha_apr END, fecha_act = now(), id_usuario_act = $4
              WHERE id_autorizacion = $1`,
            [a.idAutorizacion, def.estado, observacion, req.user.idUsuario, accion === 'aprobar'],
          );
          if (accion === 'aprobar') {
            await tx.query(
              `UPDATE tramite SET tiene_apr = 1, version = version + 1, fecha_act = now(), id_usuario_act = $2
                WHERE id_tramite = $1`,
              [t.idTramite, req.user.idUsuario],
            );
          }
          await writeBitacora(
            tx,
            t.idTramite,
            req.user.idUsuario,
            def.bitacora,
            `Autorización ${a.idAutorizacion}: ${a.estadoAut} → ${def.estado}.${observacion ? ` ${observacion}` : ''}`,
          );
        });
        return { mensaje: def.mensaje, item: await detalle(req.user, req.params.id) };
      },
    );
  }

  r.get(
    '/api/v1/semanas',
    {
      ...auth,
      schema: {
        response: responses({ 200: getSemanasResponse }),
        tags: ['cargas'],
        summary: 'Semanas (ISO, lunes a domingo) de un rango de fechas',
        description:
          'Las semanas registradas en el catálogo Semanas reemplazan a las calculadas del mismo año y número.',
        querystring: semanasQuerySchema,
      },
    },
    async (req) => {
      const desde = req.query.desde as string;
      const hasta = req.query.hasta as string;
      const calculadas = semanasDeRango(desde, hasta);
      const catalogo = await db.query<{
        idSemana: number;
        anio: number;
        numero: number;
        fechaDesde: string;
        fechaHasta: string;
      }>(
        `SELECT id_semana AS "idSemana", anio, numero, fecha_desde AS "fechaDesde", fecha_hasta AS "fechaHasta"
           FROM semana WHERE fecha_hasta >= $1 AND fecha_desde <= $2`,
        [desde, hasta],
      );
      const porClave = new Map(catalogo.map((s) => [`${s.anio}-${s.numero}`, s]));
      const items = calculadas.map((s) => porClave.get(`${s.anio}-${s.numero}`) ?? { idSemana: null, ...s });
      for (const s of catalogo) if (!items.includes(s)) items.push(s);
      items.sort((a, b) => (a.fechaDesde < b.fechaDesde ? -1 : a.fechaDesde > b.fechaDesde ? 1 : 0));
      return { desde, hasta, items };
    },
  );

  const activasTags = ['cargas'];
  r.get(
    '/api/v1/cargas/activas',
    {
      ...auth,
      schema: {
        response: responses({ 200: getCargasActivasResponse }),
        tags: activasTags,
        summary: 'Cargas activas de un trámite (opcionalmente de una autorización), más recientes primero',
        querystring: cargasActivasQuerySchema.extend({
          page: z.coerce.number().int().min(1).default(1),
          pageSize: z.coerce.number().int().min(1).max(100).default(10),
        }),
      },
    },
    async (req) => {
      const t = await getTramiteForUser(db, req.user, req.query.idTramite as number);
      const params: unknown[] = [t.idTramite];
      let where = 'c.id_tramite = $1 AND c.estado = 1';
      if (req.query.idAutorizacion) {
        params.push(req.query.idAutorizacion);
        where += ` AND c.id_autorizacion = $${params.length}`;
      }
      const [{ total }] = await db.query<{ total: number }>(
        `SELECT count(*)::int AS total FROM carga c WHERE ${where}`,
        params,
      );
      params.push(req.query.pageSize, (req.query.page - 1) * req.query.pageSize);
      const items = await db.query<Carga>(
        `${CARGA_SELECT} WHERE ${where} ORDER BY c.id_carga DESC LIMIT $${params.length - 1} OFFSET $${params.length}`,
        params,
      );
      return { items, total, page: req.query.page, pageSize: req.query.pageSize };
    },
  );

  r.get(
    '/api/v1/cargas/activas/sin-archivos',
    {
      ...auth,
      schema: {
        response: responses({ 200: getCargasActivasSinArchivosResponse }),
        tags: activasTags,
        summary: '¿Tiene el trámite cargas activas sin archivos? (habilita la carga de la semana siguiente)',
        querystring: cargasActivasQuerySchema,
      },
    },
    async (req) => {
      const t = await getTramiteForUser(db, req.user, req.query.idTramite as number);
      const params: unknown[] = [t.idTramite];
      let where = 'id_tramite = $1 AND estado = 1';
      if (req.query.idAutorizacion) {
        params.push(req.query.idAutorizacion);
        where += ` AND id_autorizacion = $${params.length}`;
      }
      const [row] = await db.query<{ activas: number; sinArchivos: number }>(
        `SELECT count(*)::int AS activas, count(*) FILTER (WHERE tiene_archivos = 0)::int AS "sinArchivos"
           FROM carga WHERE ${where}`,
        params,
      );
      return {
        idTramite: t.idTramite,
        cargasActivas: row.activas,
        cargasActivasSinArchivos: row.sinArchivos,
        hayCargasActivasSinArchivos: row.sinArchivos > 0,
      };
    },
  );
}

import {
  ESTADO_VIGENTE,
  getSuscpagosByIdResponse,
  getSuscpagosResponse,
  getSuscripcionesAudByIdResponse,
  getSuscripcionesByIdAuditoriaResponse,
  getSuscripcionesByIdFacturasResponse,
  getSuscripcionesByIdResponse,
  getSuscripcionesResponse,
  idParams,
  idSchema,
  MSG,
  MSG_ADMIN,
  mensajeSchema,
  pageQuery,
  postSuscpagosResponse201,
  postSuscripcionesResponse201,
  putSuscpagosByIdResponse,
  putSuscripcionesByIdResponse,
  responses,
  suscPagoSchema,
  suscripcionSchema,
  type TipoSuscripcionAud,
  uncheckedResponses,
} from '@app/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { badRequest, conflict } from '../../lib/errors.ts';
import { SUSCRIPCION_FROM, SUSCRIPCION_SELECT } from './empresas.ts';
import { checkRefs, empresaScope, one, Params, pagedList, STAMP_COLUMNS } from './sql.ts';

const AUD_SELECT = `a.id_suscripcion_aud AS "idSuscripcionAud", a.id_suscripcion AS "idSuscripcion", a.id_plan AS "idPlan",
  pl.nombre AS "planNombre", a.id_forma_pago AS "idFormaPago", fp.nombre AS "formaPagoNombre", a.numero, a.tipo,
  a.fecha_desde AS "fechaDesde", a.fecha_hasta AS "fechaHasta", s.fecha_reg AS "suscripcionFechaReg", s.numero AS "suscripcionNumero",
  s.id_empresa AS "idEmpresa", us.nombre AS "usuarioNombre", ${STAMP_COLUMNS('a')}`;
const AUD_FROM = `suscripcion_aud a JOIN suscripcion s ON s.id_suscripcion = a.id_suscripcion JOIN plan pl ON pl.id_plan = a.id_plan
  JOIN forma_pago fp ON fp.id_forma_pago = a.id_forma_pago LEFT JOIN usuario us ON us.id_usuario = a.id_usuario_reg`;

const PAGO_SELECT = `sp.id_susc_pago AS "idSuscPago", sp.id_suscripcion AS "idSuscripcion", sp.id_factura AS "idFactura",
  sp.estado_pago AS "estadoPago", sp.fecha_desde AS "fechaDesde", sp.fecha_hasta AS "fechaHasta",
  s.fecha_reg AS "suscripcionFechaReg", s.numero AS "suscripcionNumero", f.fecha_reg AS "facturaFechaReg",
  f.numero AS "facturaNumero", f.total AS "facturaTotal", s.id_empresa AS "idEmpresa", ${STAMP_COLUMNS('sp')}`;
const PAGO_FROM = `susc_pago sp JOIN suscripcion s ON s.id_suscripcion = sp.id_suscripcion JOIN factura f ON f.id_factura = sp.id_factura`;

/** One audit row with the subscription's values as they are now (call after the change, in its transaction). */
export async function writeSuscripcionAud(
  q: Queryable,
  idSuscripcion: number,
  tipo: TipoSuscripcionAud,
  idUsuario: number | null,
) {
  await q.query(
    `INSERT INTO suscripcion_aud (id_suscripcion, id_plan, id_forma_pago, numero, fecha_desde, fecha_hasta, tipo, id_usuario_reg)
     SELECT id_suscripcion, id_plan, id_forma_pago, numero, fecha_desde, fecha_hasta, $2, $3 FROM suscripcion WHERE id_suscripcion = $1`,
    [idSuscripcion, tipo, idUsuario],
  );
}

export async function getSuscripcion(db: Queryable, req: FastifyRequest, id: number) {
  const p = new Params();
  const scope = empresaScope(req.user, 's.id_empresa', p);
  return one<Record<string, unknown> & { idSuscripcion: number; idEmpresa: number }>(
    db,
    `SELECT ${SUSCRIPCION_SELECT} FROM ${SUSCRIPCION_FROM} WHERE s.id_suscripcion = ${p.add(id)} AND ${scope}`,
    p.values,
  );
}

async function getPago(db: Queryable, req: FastifyRequest, id: number) {
  const p = new Params();
  const scope = empresaScope(req.user, 's.id_empresa', p);
  return one<Record<string, unknown>>(
    db,
    `SELECT ${PAGO_SELECT} FROM ${PAGO_FROM} WHERE sp.id_susc_pago = ${p.add(id)} AND ${scope}`,
    p.values,
  );
}

/** Subscriptions of the administrator's companies, their audit trail and their payments (docs/spec-summary.md 002). */
export async function suscripcionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;
  const tags = ['administración'];
  const admin = { onRequest: [app.authenticate], preValidation: [app.requireFlag('moduloAdministracion')] };

  const refs = (b: { idPlan: number; idFormaPago: number }) =>
    checkRefs(db, [
      { field: 'idPlan', label: 'Plan', table: 'plan', idColumn: 'id_plan', value: b.idPlan },
      {
        field: 'idFormaPago',
        label: 'Forma de pago',
        table: 'forma_pago',
        idColumn: 'id_forma_pago',
        value: b.idFormaPago,
      },
    ]);

  r.get(
    '/api/v1/suscripciones',
    {
      ...admin,
      schema: {
        response: responses({ 200: getSuscripcionesResponse }),
        tags,
        summary: 'Suscripciones',
        querystring: z.object({
          ...pageQuery,
          idEmpresa: idSchema.optional(),
          estado: z.string().max(20).optional(),
        }),
      },
    },
    async (req) => {
      const { idEmpresa, estado, ...query } = req.query;
      const p = new Params();
      const where = [empresaScope(req.user, 's.id_empresa', p)];
      if (idEmpresa) where.push(`s.id_empresa = ${p.add(idEmpresa)}`);
      if (estado) where.push(`s.estado = ${p.add(estado)}`);
      return pagedList(
        db,
        {
          select: SUSCRIPCION_SELECT,
          from: SUSCRIPCION_FROM,
          where,
          params: p,
          search: ['s.numero', 'pl.nombre', 'fp.nombre', 'us.nombre', 'em.nombre_corto'],
          sorts: {
            usuarioNombre: 'us.nombre',
            fechaReg: 's.fecha_reg',
            fechaDesde: 's.fecha_desde',
            fechaHasta: 's.fecha_hasta',
            formaPagoNombre: 'fp.nombre',
            planNombre: 'pl.nombre',
            numero: 's.numero',
          },
          defaultSort: '-fechaReg',
          tiebreak: 's.id_suscripcion',
        },
        query,
      );
    },
  );

  r.get(
    '/api/v1/suscripciones/:id',
    {
      ...admin,
      schema: {
        response: uncheckedResponses({ 200: getSuscripcionesByIdResponse }),
        tags,
        summary: 'Una suscripción',
        params: idParams,
      },
    },
    async (req) => getSuscripcion(db, req, req.params.id),
  );

  r.post(
    '/api/v1/suscripciones',
    {
      ...admin,
      schema: {
        response: uncheckedResponses({ 201: postSuscripcionesResponse201 }),
        tags,
        summary: 'Crear suscripción',
        body: suscripcionSchema,
      },
    },
    async (req, reply) => {
      const b = req.body;
      await refs(b);
      const id = await db.transaction(async (tx) => {
        const [row] = await tx.query<{ id: number }>(
          `INSERT INTO suscripcion (id_plan, id_forma_pago, id_empresa, id_usuario, numero, estado, fecha_desde, fecha_hasta, id_usuario_reg)
           VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $4) RETURNING id_suscripcion AS id`,
          [
            b.idPlan,
            b.idFormaPago,
            req.user.idEmpresa,
            req.user.idUsuario,
            b.numero,
            ESTADO_VIGENTE,
            b.fechaDesde,
            b.fechaHasta,
          ],
        );
        await writeSuscripcionAud(tx, row.id, 'CREACION', req.user.idUsuario);
        return row.id;
      });
      reply.code(201);
      return { mensaje: MSG_ADMIN.suscripcionCreada, item: await getSuscripcion(db, req, id) };
    },
  );

  r.put(
    '/api/v1/suscripciones/:id',
    {
      ...admin,
      schema: {
        response: uncheckedResponses({ 200: putSuscripcionesByIdResponse }),
        tags,
        summary: 'Actualizar suscripción',
        params: idParams,
        body: suscripcionSchema,
      },
    },
    async (req) => {
      await getSuscripcion(db, req, req.params.id);
      const b = req.body;
      await refs(b);
      await db.transaction(async (tx) => {
        await tx.query(
          `UPDATE suscripcion SET id_plan = $1, id_forma_pago = $2, numero = $3, fecha_desde = $4, fecha_hasta = $5,
             fecha_act = now(), id_usuario_act = $6 WHERE id_suscripcion = $7`,
          [b.idPlan, b.idFormaPago, b.numero, b.fechaDesde, b.fechaHasta, req.user.idUsuario, req.params.id],
        );
        await writeSuscripcionAud(tx, req.params.id, 'MODIFICACION', req.user.idUsuario);
      });
      return { mensaje: MSG.registroActualizado, item: await getSuscripcion(db, req, req.params.id) };
    },
  );

  r.delete(
    '/api/v1/suscripciones/:id',
    {
      ...admin,
      schema: {
        response: responses({ 200: mensajeSchema }),
        tags,
        summary: 'Eliminar suscripción',
        params: idParams,
      },
    },
    async (req) => {
      await getSuscripcion(db, req, req.params.id);
      if (req.params.id === req.user.idSuscripcion) {
        throw conflict('No puede eliminar la suscripción con la que trabaja su usuario.');
      }
      // Its audit trail goes with it; anything else that uses it (users, procedures, payments) answers 409.
      await db.transaction(async (tx) => {
        await tx.query('DELETE FROM suscripcion_aud WHERE id_suscripcion = $1', [req.params.id]);
        await tx.query('DELETE FROM suscripcion WHERE id_suscripcion = $1', [req.params.id]);
      });
      return { mensaje: MSG.registroEliminado };
    },
  );

  // Audit trail (read-only: an audit that could be edited would prove nothing).
  r.get(
    '/api/v1/suscripciones/:id/auditoria',
    {
      ...admin,
      schema: {
        response: responses({ 200: getSuscripcionesByIdAuditoriaResponse }),
        tags,
        summary: 'Auditoría de la suscripción',
        params: idParams,
        querystring: z.object(pageQuery),
      },
    },
    async (req) => {
      await getSuscripcion(db, req, req.params.id);
      const p = new Params();
      return pagedList(
        db,
        {
          select: AUD_SELECT,
          from: AUD_FROM,
          where: [`a.id_suscripcion = ${p.add(req.params.id)}`],
          params: p,
          search: ['a.numero', 'a.tipo', 'pl.nombre', 'fp.nombre'],
          sorts: {
            numero: 'a.numero',
            fechaReg: 'a.fecha_reg',
            fechaDesde: 'a.fecha_desde',
            fechaHasta: 'a.fecha_hasta',
            tipo: 'a.tipo',
            planNombre: 'pl.nombre',
            formaPagoNombre: 'fp.nombre',
          },
          defaultSort: '-fechaReg',
          tiebreak: 'a.id_suscripcion_aud',
        },
        req.query,
      );
    },
  );

  r.get(
    '/api/v1/suscripciones-aud/:id',
    {
      ...admin,
      schema: {
        response: responses({ 200: getSuscripcionesAudByIdResponse }),
        tags,
        summary: 'Un registro de auditoría de suscripción',
        params: idParams,
      },
    },
    async (req) => {
      const p = new Params();
      const scope = empresaScope(req.user, 's.id_empresa', p);
      return one(
        db,
        `SELECT ${AUD_SELECT} FROM ${AUD_FROM} WHERE a.id_suscripcion_aud = ${p.add(req.params.id)} AND ${scope}`,
        p.values,
      );
    },
  );

  // Invoices of the subscription's company, for the payment form's select.
  r.get(
    '/api/v1/suscripciones/:id/facturas',
    {
      ...admin,
      schema: {
        response: uncheckedResponses({ 200: getSuscripcionesByIdFacturasResponse }),
        tags,
        summary: 'Facturas de la empresa de la suscripción',
        params: idParams,
      },
    },
    async (req) => {
      const s = await getSuscripcion(db, req, req.params.id);
      const items = await db.query(
        `SELECT id_factura AS "idFactura", numero, fecha, total, estado, fecha_reg AS "fechaReg" FROM factura
          WHERE id_empresa = $1 ORDER BY fecha DESC, id_factura DESC LIMIT 200`,
        [s.idEmpresa],
      );
      return { items };
    },
  );

  // Payments (docs/spec-summary.md 002 "Subscription payments").
  r.get(
    '/api/v1/suscpagos',
    {
      ...admin,
      schema: {
        response: responses({ 200: getSuscpagosResponse }),
        tags,
        summary: 'Pagos de suscripción',
        querystring: z.object({ ...pageQuery, idSuscripcion: idSchema.optional() }),
      },
    },
    async (req) => {
      const { idSuscripcion, ...query } = req.query;
      const p = new Params();
      const where = [empresaScope(req.user, 's.id_empresa', p)];
      if (idSuscripcion) where.push(`sp.id_suscripcion = ${p.add(idSuscripcion)}`);
      return pagedList(
        db,
        {
          select: PAGO_SELECT,
          from: PAGO_FROM,
          where,
          params: p,
          search: ['sp.estado_pago', 'f.numero', 's.numero'],
          sorts: {
            estadoPago: 'sp.estado_pago',
            fechaDesde: 'sp.fecha_desde',
            fechaHasta: 'sp.fecha_hasta',
            suscripcionFechaReg: 's.fecha_reg',
            facturaFechaReg: 'f.fecha_reg',
            fechaReg: 'sp.fecha_reg',
          },
          defaultSort: '-fechaDesde',
          tiebreak: 'sp.id_susc_pago',
        },
        query,
      );
    },
  );

  r.get(
    '/api/v1/suscpagos/:id',
    {
      ...admin,
      schema: {
        response: uncheckedResponses({ 200: getSuscpagosByIdResponse }),
        tags,
        summary: 'Un pago de suscripción',
        params: idParams,
      },
    },
    async (req) => getPago(db, req, req.params.id),
  );

  async function checkPago(req: FastifyRequest, b: z.output<typeof suscPagoSchema>) {
    const fields: Record<string, string> = {};
    const p = new Params();
    const id = p.add(b.idSuscripcion);
    const [s] = await db.query<{ idEmpresa: number }>(
      `SELECT s.id_empresa AS "idEmpresa" FROM suscripcion s WHERE s.id_suscripcion = ${id} AND ${empresaScope(req.user, 's.id_empresa', p)}`,
      p.values,
    );
    if (!s) fields.idSuscripcion = MSG_ADMIN.suscripcionNoPermitida;
    else {
      const f = await db.query('SELECT 1 FROM factura WHERE id_factura = $1 AND id_empresa = $2', [
        b.idFactura,
        s.idEmpresa,
      ]);
      if (!f[0]) fields.idFactura = 'Seleccione una factura de la empresa de la suscripción.';
    }
    const first = Object.values(fields)[0];
    if (first) throw badRequest(first, fields);
  }

  r.post(
    '/api/v1/suscpagos',
    {
      ...admin,
      schema: {
        response: uncheckedResponses({ 201: postSuscpagosResponse201 }),
        tags,
        summary: 'Registrar pago de suscripción',
        body: suscPagoSchema,
      },
    },
    async (req, reply) => {
      const b = req.body;
      await checkPago(req, b);
      const [row] = await db.query<{ id: number }>(
        `INSERT INTO susc_pago (id_suscripcion, id_factura, estado_pago, fecha_desde, fecha_hasta, id_usuario_reg)
       VALUES ($1, $2, $3, $4, $5, $6) RETURNING id_susc_pago AS id`,
        [b.idSuscripcion, b.idFactura, b.estadoPago, b.fechaDesde, b.fechaHasta, req.user.idUsuario],
      );
      reply.code(201);
      return { mensaje: MSG_ADMIN.creado('Pago de suscripción'), item: await getPago(db, req, row.id) };
    },
  );

  r.put(
    '/api/v1/suscpagos/:id',
    {
      ...admin,
      schema: {
        response: uncheckedResponses({ 200: putSuscpagosByIdResponse }),
        tags,
        summary: 'Actualizar pago de suscripción',
        params: idParams,
        body: suscPagoSchema,
      },
    },
    async (req) => {
      await getPago(db, req, req.params.id);
      const b = req.body;
      await checkPago(req, b);
      await db.query(
        `UPDATE susc_pago SET id_suscripcion = $1, id_factura = $2, estado_pago = $3, fecha_desde = $4, fecha_hasta = $5,
           fecha_act = now(), id_usuario_act = $6 WHERE id_susc_pago = $7`,
        [
          b.idSuscripcion,
          b.idFactura,
          b.estadoPago,
          b.fechaDesde,
          b.fechaHasta,
          req.user.idUsuario,
          req.params.id,
        ],
      );
      return { mensaje: MSG.registroActualizado, item: await getPago(db, req, req.params.id) };
    },
  );

  r.delete(
    '/api/v1/suscpagos/:id',
    {
      ...admin,
      schema: {
        response: responses({ 200: mensajeSchema }),
        tags,
        summary: 'Eliminar pago de suscripción',
        params: idParams,
      },
    },
    async (req) => {
      await getPago(db, req, req.params.id);
      await db.query('DELETE FROM susc_pago WHERE id_susc_pago = $1', [req.params.id]);
      return { mensaje: MSG.registroEliminado };
    },
  );
}

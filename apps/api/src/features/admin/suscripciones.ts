import {
  ESTADO_VIGENTE,
  getSuscripcionesAudByIdResponse,
  getSuscripcionesByIdAuditoriaResponse,
  getSuscripcionesByIdFacturasResponse,
  idParams,
  pageQuery,
  responses,
  type TipoSuscripcionAud,
  uncheckedResponses,
} from '@app/domain';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { administradasSql, type CrudHooks } from '../../lib/crud.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { one, Params, pagedList, STAMP_COLUMNS } from './sql.ts';

const AUD_SELECT = `a.id_suscripcion_aud AS "idSuscripcionAud", a.id_suscripcion AS "idSuscripcion", a.id_plan AS "idPlan",
  pl.nombre AS "planNombre", a.id_forma_pago AS "idFormaPago", fp.nombre AS "formaPagoNombre", a.numero, a.tipo,
  a.fecha_desde AS "fechaDesde", a.fecha_hasta AS "fechaHasta", s.fecha_reg AS "suscripcionFechaReg", s.numero AS "suscripcionNumero",
  s.id_empresa AS "idEmpresa", us.nombre AS "usuarioNombre", ${STAMP_COLUMNS('a')}`;
const AUD_FROM = `suscripcion_aud a JOIN suscripcion s ON s.id_suscripcion = a.id_suscripcion JOIN plan pl ON pl.id_plan = a.id_plan
  JOIN forma_pago fp ON fp.id_forma_pago = a.id_forma_pago LEFT JOIN usuario us ON us.id_usuario = a.id_usuario_reg`;

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

/** The company of a subscription the user may see, or 404. */
async function empresaDeSuscripcion(db: Queryable, req: FastifyRequest, id: number) {
  const [s] = await db.query<{ idEmpresa: number }>(
    `SELECT s.id_empresa AS "idEmpresa" FROM suscripcion s WHERE s.id_suscripcion = $2 AND ${administradasSql(req, 's.id_empresa', '$1')}`,
    [req.user.idEmpresa, id],
  );
  if (!s) throw notFound();
  return s.idEmpresa;
}

/**
 * What a subscription's declaration does not say: it is the creator's, in force (VIGENTE); every create and
 * change leaves an audit row, which a delete takes with it; the subscription the user works with is not deleted.
 */
export const suscripcionHooks: CrudHooks = {
  onCreate: (req) => ({ idUsuario: req.user.idUsuario, estado: ESTADO_VIGENTE }),
  beforeDelete: async (req, id) => {
    if (id === req.user.idSuscripcion)
      throw conflict('No puede eliminar la suscripción con la que trabaja su usuario.');
  },
  onWrite: async (tx, req, id, kind) => {
    if (kind === 'delete') await tx.query('DELETE FROM suscripcion_aud WHERE id_suscripcion = $1', [id]);
    else
      await writeSuscripcionAud(tx, id, kind === 'create' ? 'CREACION' : 'MODIFICACION', req.user.idUsuario);
  },
};

/**
 * The audit trail of a subscription and the invoices of its company (docs/spec-summary.md 002).
 * Subscriptions and their payments themselves are declared resources (packages/domain admin/suscripciones-recursos.ts).
 */
export async function suscripcionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;
  const tags = ['administración'];
  const admin = { onRequest: [app.authenticate], preValidation: [app.requireFlag('moduloAdministracion')] };

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
      await empresaDeSuscripcion(db, req, req.params.id);
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
      return one(
        db,
        `SELECT ${AUD_SELECT} FROM ${AUD_FROM} WHERE a.id_suscripcion_aud = $2 AND ${administradasSql(req, 's.id_empresa', '$1')}`,
        [req.user.idEmpresa, req.params.id],
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
      const idEmpresa = await empresaDeSuscripcion(db, req, req.params.id);
      const items = await db.query(
        `SELECT id_factura AS "idFactura", numero, fecha, total, estado, fecha_reg AS "fechaReg" FROM factura
          WHERE id_empresa = $1 ORDER BY fecha DESC, id_factura DESC LIMIT 200`,
        [idEmpresa],
      );
      return { items };
    },
  );
}

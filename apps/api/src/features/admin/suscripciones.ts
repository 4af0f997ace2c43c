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
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { Queryable } from '../../db/client.ts';
import { factura, suscripcionAud } from '../../db/schema/index.ts';
import { empresasAdministradasSql } from '../../lib/admin-scope.ts';
import type { CrudHooks, CrudResource } from '../../lib/crud.ts';
import { conflict, notFound } from '../../lib/errors.ts';
import { columnas, consulta, lista, paginada, sql, una } from '../../lib/sql.ts';

const r_ = sql.raw;

const AUD_SELECT = lista([
  columnas(suscripcionAud, 'a', {
    solo: ['idSuscripcionAud', 'idSuscripcion', 'idPlan'],
    extra: { planNombre: 'pl.nombre' },
  }),
  columnas(suscripcionAud, 'a', { solo: ['idFormaPago'], extra: { formaPagoNombre: 'fp.nombre' } }),
  columnas(suscripcionAud, 'a', {
    solo: ['numero', 'tipo', 'fechaDesde', 'fechaHasta'],
    extra: {
      suscripcionFechaReg: 's.fecha_reg',
      suscripcionNumero: 's.numero',
      idEmpresa: 's.id_empresa',
      usuarioNombre: 'us.nombre',
    },
  }),
  columnas(suscripcionAud, 'a', { solo: ['fechaReg', 'fechaAct', 'idUsuarioReg', 'idUsuarioAct'] }),
]);
const AUD_FROM =
  r_(`suscripcion_aud a JOIN suscripcion s ON s.id_suscripcion = a.id_suscripcion JOIN plan pl ON pl.id_plan = a.id_plan
  JOIN forma_pago fp ON fp.id_forma_pago = a.id_forma_pago LEFT JOIN usuario us ON us.id_usuario = a.id_usuario_reg`);

/** A subscription's audit trail, newest first. */
const AUDITORIA = {
  select: AUD_SELECT,
  from: AUD_FROM,
  buscar: [r_('a.numero'), r_('a.tipo'), r_('pl.nombre'), r_('fp.nombre')],
  orden: {
    numero: r_('a.numero'),
    fechaReg: r_('a.fecha_reg'),
    fechaDesde: r_('a.fecha_desde'),
    fechaHasta: r_('a.fecha_hasta'),
    tipo: r_('a.tipo'),
    planNombre: r_('pl.nombre'),
    formaPagoNombre: r_('fp.nombre'),
  },
  ordenInicial: '-fechaReg',
  desempate: r_('a.id_suscripcion_aud'),
};

const FACTURA = columnas(factura, 'f', {
  solo: ['idFactura', 'numero', 'fecha', 'total', 'estado', 'fechaReg'],
});

/** One audit row with the subscription's values as they are now (call after the change, in its transaction). */
export async function writeSuscripcionAud(
  q: Queryable,
  idSuscripcion: number,
  tipo: TipoSuscripcionAud,
  idUsuario: number | null,
) {
  await consulta(
    q,
    sql`INSERT INTO suscripcion_aud (id_suscripcion, id_plan, id_forma_pago, numero, fecha_desde, fecha_hasta, tipo, id_usuario_reg)
     SELECT id_suscripcion, id_plan, id_forma_pago, numero, fecha_desde, fecha_hasta, ${tipo}, ${idUsuario}
       FROM suscripcion WHERE id_suscripcion = ${idSuscripcion}`,
  );
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
    if (kind === 'delete') await consulta(tx, sql`DELETE FROM suscripcion_aud WHERE id_suscripcion = ${id}`);
    else
      await writeSuscripcionAud(tx, id, kind === 'create' ? 'CREACION' : 'MODIFICACION', req.user.idUsuario);
  },
};

/**
 * The audit trail of a subscription and the invoices of its company (docs/spec-summary.md 002).
 * Subscriptions and their payments themselves are declared resources (packages/domain admin/suscripciones-recursos.ts):
 * `suscripciones` reads one in the user's scope, else 404.
 */
export function suscripcionRoutes(app: FastifyInstance, suscripciones: CrudResource) {
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
      await suscripciones.findOne(req, req.params.id);
      return paginada(db, { ...AUDITORIA, where: [sql`a.id_suscripcion = ${req.params.id}`] }, req.query);
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
      const aud = await una<z.input<typeof getSuscripcionesAudByIdResponse>>(
        db,
        sql`SELECT ${AUD_SELECT} FROM ${AUD_FROM}
             WHERE a.id_suscripcion_aud = ${req.params.id} AND ${empresasAdministradasSql(req.user, r_('s.id_empresa'))}`,
      );
      if (!aud) throw notFound();
      return aud;
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
      const { idEmpresa } = await suscripciones.findOne(req, req.params.id);
      const items = await consulta(
        db,
        sql`SELECT ${FACTURA} FROM factura f WHERE f.id_empresa = ${idEmpresa}
             ORDER BY f.fecha DESC, f.id_factura DESC LIMIT 200`,
      );
      return { items };
    },
  );
}

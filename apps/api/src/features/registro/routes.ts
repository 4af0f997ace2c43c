import {
  diaSiguiente,
  finDePeriodo,
  formatDate,
  getRegistroFormasPagoResponse,
  getRegistroPlanesResponse,
  getRegistroRenovacionResponse,
  MSG_ADMIN,
  PERFIL,
  postRegistroRenovacionResponse,
  postRegistroResponse201,
  registroSchema,
  renovacionSchema,
  responses,
  todayIso,
  uncheckedResponses,
} from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { hashClave } from '../../lib/clave.ts';
import { AppError } from '../../lib/errors.ts';
import { suscripcionVigente } from '../admin/empresas.ts';
import {
  checkFormaPago,
  formasPago,
  getPlan,
  planes,
  registrarSuscriptor,
  renovarSuscripcion,
} from './service.ts';

/**
 * Public registration and renewal of a subscription (docs/spec-summary.md 001 §2.1). Registration creates the
 * company, its VIGENTE subscription and audit row, the person and the administrator user in one
 * transaction: any failure leaves nothing behind.
 */
export async function registroRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;
  const tags = ['registro'];
  const rateLimit = { max: app.config.LOGIN_RATE_MAX, timeWindow: app.config.LOGIN_RATE_WINDOW };

  // The plans and payment methods a visitor chooses from (the catalogues need a session).
  r.get(
    '/api/v1/registro/planes',
    {
      schema: {
        response: uncheckedResponses({ 200: getRegistroPlanesResponse }),
        tags,
        summary: 'Planes con sus precios',
      },
    },
    async () => ({ items: await planes(db) }),
  );
  r.get(
    '/api/v1/registro/formas-pago',
    {
      schema: {
        response: uncheckedResponses({ 200: getRegistroFormasPagoResponse }),
        tags,
        summary: 'Formas de pago',
      },
    },
    async () => ({ items: await formasPago(db) }),
  );

  r.post(
    '/api/v1/registro',
    {
      config: { rateLimit },
      schema: {
        response: responses({ 201: postRegistroResponse201 }),
        tags,
        summary: 'Registrar empresa, suscripción y administrador',
        body: registroSchema,
      },
    },
    async (req, reply) => {
      const b = req.body;
      const plan = await getPlan(db, b.idPlan);
      await checkFormaPago(db, b.idFormaPago);
      const hash = await hashClave(b.clave);
      const desde = todayIso();
      const hasta = finDePeriodo(desde, plan.duracionMeses);

      const result = await db.transaction((tx) => registrarSuscriptor(tx, b, hash, desde, hasta));
      reply.code(201);
      return {
        mensaje: MSG_ADMIN.registroCompleto,
        ...result,
        usuario: b.email,
        plan: plan.nombre,
        fechaDesde: desde,
        fechaHasta: hasta,
      };
    },
  );

  r.get(
    '/api/v1/registro/renovacion',
    {
      onRequest: [app.authenticate],
      preValidation: [app.requireProfile(PERFIL.ADMINISTRADOR)],
      schema: {
        response: uncheckedResponses({ 200: getRegistroRenovacionResponse }),
        tags,
        summary: 'Suscripción VIGENTE a renovar',
      },
    },
    async (req) => ({ suscripcion: await suscripcionVigente(db, req.user.idEmpresa) }),
  );

  r.post(
    '/api/v1/registro/renovacion',
    {
      onRequest: [app.authenticate],
      preValidation: [app.requireProfile(PERFIL.ADMINISTRADOR)],
      schema: {
        response: responses({ 200: postRegistroRenovacionResponse }),
        tags,
        summary: 'Renovar la suscripción VIGENTE de la empresa',
        body: renovacionSchema,
      },
    },
    async (req) => {
      const b = req.body;
      const plan = await getPlan(db, b.idPlan);
      await checkFormaPago(db, b.idFormaPago);
      const actual = await suscripcionVigente(db, req.user.idEmpresa);
      if (!actual) throw new AppError(422, 'SIN_SUSCRIPCION_VIGENTE', MSG_ADMIN.sinSuscripcionVigente);
      const hoy = todayIso();
      // The new period follows the current one; an expired subscription starts again today.
      const inicio = actual.fechaHasta >= hoy ? diaSiguiente(actual.fechaHasta) : hoy;
      const fin = finDePeriodo(inicio, plan.duracionMeses);
      await db.transaction((tx) =>
        renovarSuscripcion(tx, req.user.idUsuario, actual.idSuscripcion, b, { inicio, fin, hoy }),
      );
      return {
        mensaje: MSG_ADMIN.renovacionCompleta(formatDate(fin)),
        idSuscripcion: actual.idSuscripcion,
        plan: plan.nombre,
        fechaDesde: inicio,
        fechaHasta: fin,
      };
    },
  );
}

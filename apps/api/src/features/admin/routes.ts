import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { aseguradorRoutes } from './aseguradores.ts';
import { cargaAmbRoutes } from './cargaamb.ts';
import { empresaRoutes } from './empresas.ts';
import { personaRoutes } from './personas.ts';
import { suscripcionRoutes } from './suscripciones.ts';
import { usuarioRoutes } from './usuarios.ts';

/**
 * Administration (issue 3 items 3 and 5): users, persons and doctors, companies with their media,
 * images and logo, subscriptions with audit and payments, insurers and providers, ambulatory loads.
 * Every screen is limited to the user's companies (profile 1: its subscription); another tenant's
 * id answers 404.
 */
export async function adminRoutes(app: FastifyInstance) {
  // Uploads of this feature (images ≤ 2 MB, CSV ≤ 10 MB) set their own limits per request.
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1 } });
  }
  await app.register(usuarioRoutes);
  await app.register(personaRoutes);
  await app.register(empresaRoutes);
  await app.register(suscripcionRoutes);
  await app.register(aseguradorRoutes);
  await app.register(cargaAmbRoutes);
}

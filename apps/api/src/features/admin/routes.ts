import { ADMIN_RESOURCES } from '@app/domain';
import multipart from '@fastify/multipart';
import type { FastifyInstance } from 'fastify';
import { registerCrud } from '../../lib/crud.ts';
import { conflict } from '../../lib/errors.ts';
import { aseguradorRoutes } from './aseguradores.ts';
import { usuarioHooks } from './concesion.ts';
import { empresaRoutes } from './empresas.ts';
import { personaHooks, personaRoutes } from './personas.ts';
import { suscripcionHooks, suscripcionRoutes } from './suscripciones.ts';

/**
 * Administration (issue 3 items 3 and 5): users, persons and doctors, companies with their media,
 * images and logo, subscriptions with audit and payments, insurers and providers.
 * Every screen is limited to the user's companies (profile 1: its subscription); another tenant's
 * id answers 404.
 */
export async function adminRoutes(app: FastifyInstance) {
  // Uploads of this feature (images ≤ 2 MB) set their own limits per request.
  if (!app.hasContentTypeParser('multipart/form-data')) {
    await app.register(multipart, { limits: { fileSize: 10 * 1024 * 1024, files: 1 } });
  }
  // Declared resources (issue 12 §1): list, read, create, update and delete from their declaration.
  const aseguradores = registerCrud(app, ADMIN_RESOURCES.asegurador);
  registerCrud(app, ADMIN_RESOURCES.prestador);
  const empresas = registerCrud(app, ADMIN_RESOURCES.empresa, {
    // A company created here works under the administrator's company (a provider of its network).
    onCreate: (req) => ({ suscriptor: false, idEmpresaSuscriptora: req.user.idEmpresa }),
    beforeDelete: async (req, id) => {
      if (id === req.user.idEmpresa) throw conflict('No puede eliminar su propia empresa.');
    },
  });
  registerCrud(app, ADMIN_RESOURCES.medioemp);
  const suscripciones = registerCrud(app, ADMIN_RESOURCES.suscripcion, suscripcionHooks);
  registerCrud(app, ADMIN_RESOURCES.suscpago);
  // Persons (the cédula rule on the raw body; their download: decision 97) and their registrations as a doctor.
  personaRoutes(app, registerCrud(app, ADMIN_RESOURCES.persona, personaHooks(app.database)));
  registerCrud(app, ADMIN_RESOURCES.medico);
  // Users: the profile's flags, what an administrator may give, the own user (decision 92).
  registerCrud(app, ADMIN_RESOURCES.usuario, usuarioHooks(app.database));
  // What is not a record of theirs: images and logo, the audit trail, the tariff detail (decision 97).
  empresaRoutes(app, empresas, registerCrud(app, ADMIN_RESOURCES.empresaimg));
  suscripcionRoutes(app, suscripciones);
  aseguradorRoutes(app, aseguradores);
}

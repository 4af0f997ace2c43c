import { CATALOGS } from '@app/domain';
import type { FastifyInstance } from 'fastify';
import { registerCrud } from '../../lib/crud.ts';

/** Every declared plain catalogue gets its routes here; nothing else to write for a new one. */
export async function catalogRoutes(app: FastifyInstance) {
  for (const def of Object.values(CATALOGS)) registerCrud(app, def);
}

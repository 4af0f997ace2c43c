import { ALL_CATALOGS } from '@app/domain';
import type { FastifyInstance } from 'fastify';
import { registerCrud } from '../../lib/crud.ts';

/**
 * Every declaration gets its routes here, its tenant scoping included (crud.ts turns the
 * declaration's `tenant` into the scope and create hooks); nothing else to write for a new one.
 */
export async function catalogRoutes(app: FastifyInstance) {
  for (const def of Object.values(ALL_CATALOGS)) registerCrud(app, def);
}

import {
  getAseguradoresByIdTarifaDetalleResponse,
  idParams,
  idSchema,
  pageQuery,
  responses,
} from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { elemento, tarifario } from '../../db/schema/index.ts';
import type { CrudResource } from '../../lib/crud.ts';
import { columnas, lista, paginada, sql } from '../../lib/sql.ts';

const r_ = sql.raw;

/** The tariff detail's list: a tariff sheet's class elements with their reference value. */
const DETALLE = {
  select: lista([
    columnas(tarifario, 't', { solo: ['idTarifario'], extra: { tarifarioDescripcion: 't.descripcion' } }),
    columnas(elemento, 'el', {
      solo: ['idElemento', 'codigo', 'nombre', 'valor'],
      extra: { clasElemNombre: 'ce.nombre' },
    }),
  ]),
  from: r_(
    'tarifario t JOIN elemento el ON el.id_clas_elem = t.id_clas_elem JOIN clas_elem ce ON ce.id_clas_elem = t.id_clas_elem',
  ),
  buscar: [r_('el.codigo'), r_('el.nombre'), r_('t.descripcion')],
  orden: {
    codigo: r_('el.codigo'),
    nombre: r_('el.nombre'),
    valor: r_('el.valor'),
    tarifarioDescripcion: r_('t.descripcion'),
  },
  ordenInicial: 'codigo',
  desempate: r_('t.id_tarifario, el.id_elemento'),
};

/**
 * The tariff detail of an insurer (docs/spec-summary.md 002 "Insurer and provider detail"): the coded
 * elements of the classes of its tariff sheets, with their reference value. Insurers and providers
 * themselves are declared resources (packages/domain admin/aseguradores.ts): `aseguradores` reads one in the
 * user's scope, else 404.
 */
export function aseguradorRoutes(app: FastifyInstance, aseguradores: CrudResource) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/v1/aseguradores/:id/tarifa-detalle',
    {
      onRequest: [app.authenticate],
      preValidation: [app.requireFlag('moduloAdministracion')],
      schema: {
        response: responses({ 200: getAseguradoresByIdTarifaDetalleResponse }),
        tags: ['administración'],
        summary: 'Detalle de tarifas del asegurador (o de uno de sus tarifarios)',
        params: idParams,
        querystring: z.object({ ...pageQuery, idTarifario: idSchema.optional() }),
      },
    },
    async (req) => {
      await aseguradores.findOne(req, req.params.id);
      const { idTarifario, ...query } = req.query;
      const where = [
        sql`t.id_asegurador = ${req.params.id}`,
        idTarifario ? sql`t.id_tarifario = ${idTarifario}` : undefined,
      ];
      return paginada(app.database, { ...DETALLE, where }, query);
    },
  );
}

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
import { administradasSql } from '../../lib/crud.ts';
import { one, Params, pagedList } from './sql.ts';

/**
 * The tariff detail of an insurer (docs/spec-summary.md 002 "Insurer and provider detail"): the coded
 * elements of the classes of its tariff sheets, with their reference value. Insurers and providers
 * themselves are declared resources (packages/domain admin/aseguradores.ts).
 */
export async function aseguradorRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;
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
      await one(
        db,
        `SELECT 1 FROM asegurador a WHERE a.id_asegurador = $2 AND ${administradasSql(req, 'a.id_empresa', '$1')}`,
        [req.user.idEmpresa, req.params.id],
      );
      const { idTarifario, ...query } = req.query;
      const p = new Params();
      const where = [`t.id_asegurador = ${p.add(req.params.id)}`];
      if (idTarifario) where.push(`t.id_tarifario = ${p.add(idTarifario)}`);
      return pagedList(
        db,
        {
          select: `t.id_tarifario AS "idTarifario", t.descripcion AS "tarifarioDescripcion", el.id_elemento AS "idElemento",
            el.codigo, el.nombre, el.valor, ce.nombre AS "clasElemNombre"`,
          from: `tarifario t JOIN elemento el ON el.id_clas_elem = t.id_clas_elem JOIN clas_elem ce ON ce.id_clas_elem = t.id_clas_elem`,
          where,
          params: p,
          search: ['el.codigo', 'el.nombre', 't.descripcion'],
          sorts: {
            codigo: 'el.codigo',
            nombre: 'el.nombre',
            valor: 'el.valor',
            tarifarioDescripcion: 't.descripcion',
          },
          defaultSort: 'codigo',
          tiebreak: 't.id_tarifario, el.id_elemento',
        },
        query,
      );
    },
  );
}

import {
  busquedaDetalleQuerySchema,
  type CatalogDef,
  canWriteCatalog,
  type ElemPresEquivalencia,
  elementosBusquedaSchema,
  equivalenciaBodySchema,
  equivalenciaEscrituraSchema,
  equivalenciaQuerySchema,
  equivalenciaRespuestaSchema,
  foldText,
  getCatalog,
  idParams,
  MSG_DETALLE_EDICION as M,
  responses,
  type SessionUser,
  type TarifaBusqueda,
  tarifasBusquedaSchema,
} from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { tenantHooks } from '../../lib/crud.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { consulta, contiene, fila, likePattern, prefixPattern, sql, una } from '../../lib/sql.ts';
import { getPlanillaForUser } from '../planillas/access.ts';
import { buscarElementos, EQUIVALENCIA, TARIFA } from './busqueda.ts';

const tags = ['detalles'];
const elempres = getCatalog('elempres') as CatalogDef;

/**
 * The searches of the line window (tariff and coded element: ≥ 2 characters, 5 per page, docs/spec-summary.md 001
 * §5, §9) for the attention's provider, and the provider-code equivalence screen
 * /elempres_elemequi/{id} (search by name, 'Tarifa Conv').
 */
export async function detalleBusquedaRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;
  const auth = { onRequest: [app.authenticate] };

  r.get(
    '/api/v1/planillas/:id/tarifas',
    {
      ...auth,
      schema: {
        response: responses({ 200: tarifasBusquedaSchema }),
        tags,
        summary:
          'Búsqueda en la tarifa convenida del prestador de la atención (código o nombre del elemento)',
        params: idParams,
        querystring: busquedaDetalleQuerySchema,
      },
    },
    async (req) => {
      const { planilla } = await getPlanillaForUser(db, req.user, req.params.id);
      const { q, page, pageSize } = req.query;
      const from = sql`FROM tarifa_pres tp JOIN elemento e ON e.id_elemento = tp.id_elemento
        LEFT JOIN tarifario ta ON ta.id_tarifario = tp.id_tarifario
       WHERE tp.id_prestador = ${planilla.idPrestador}
         AND (e.codigo LIKE ${prefixPattern(q.toUpperCase())} OR ${contiene(sql.raw('e.nombre'), likePattern(foldText(q)))})`;
      const { n } = await fila<{ n: number }>(db, sql`SELECT count(*)::int AS n ${from}`);
      const items = await consulta<TarifaBusqueda>(
        db,
        sql`SELECT ${TARIFA} ${from} ORDER BY e.nombre, e.codigo LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
      );
      return { items, total: n, page, pageSize };
    },
  );

  r.get(
    '/api/v1/planillas/:id/elementos',
    {
      ...auth,
      schema: {
        response: responses({ 200: elementosBusquedaSchema }),
        tags,
        summary: 'Búsqueda de elementos codificados (código o nombre) con la tarifa convenida del prestador',
        params: idParams,
        querystring: busquedaDetalleQuerySchema,
      },
    },
    async (req) => {
      const { planilla } = await getPlanillaForUser(db, req.user, req.params.id);
      return buscarElementos(db, planilla.idPrestador, req.query.q, req.query.page, req.query.pageSize);
    },
  );

  /** The provider's code, tenant-checked as the elempres catalogue is (404 outside it). */
  async function elemPres(user: SessionUser, id: number, mode: 'read' | 'write') {
    const scope = tenantHooks(elempres).scope?.({ user } as never, mode);
    const row = await una<ElemPresEquivalencia>(
      db,
      sql`SELECT ${EQUIVALENCIA}
         FROM elem_pres t LEFT JOIN prestador pr ON pr.id_prestador = t.id_prestador
         LEFT JOIN elemento e ON e.id_elemento = t.id_elemento
         LEFT JOIN tarifa_pres tp ON tp.id_prestador = t.id_prestador AND tp.id_elemento = t.id_elemento
         LEFT JOIN tarifario ta ON ta.id_tarifario = tp.id_tarifario
        WHERE t.id_elem_pres = ${id}${scope ? sql` AND ${scope}` : sql.empty()}`,
    );
    if (!row) throw notFound();
    return row;
  }

  r.get(
    '/api/v1/elempres/:id/equivalencia',
    {
      ...auth,
      schema: {
        response: responses({ 200: equivalenciaRespuestaSchema }),
        tags,
        summary:
          'Equivalencia de un código del prestador: su elemento codificado y tarifa convenida; candidatos por nombre',
        params: idParams,
        querystring: equivalenciaQuerySchema,
      },
    },
    async (req) => {
      const ep = await elemPres(req.user, req.params.id, 'read');
      const { q, page, pageSize } = req.query;
      const candidatos = await buscarElementos(db, ep.idPrestador, q, page, pageSize);
      return { elemPres: ep, candidatos };
    },
  );

  r.put(
    '/api/v1/elempres/:id/equivalencia',
    {
      ...auth,
      schema: {
        response: responses({ 200: equivalenciaEscrituraSchema }),
        tags,
        summary: 'Asignar (o quitar) el elemento codificado equivalente a un código del prestador',
        params: idParams,
        body: equivalenciaBodySchema,
      },
    },
    async (req) => {
      if (!canWriteCatalog(req.user, elempres)) throw forbidden();
      await elemPres(req.user, req.params.id, 'write');
      const { idElemento } = req.body;
      if (idElemento !== null) {
        const e = await una(db, sql`SELECT 1 FROM elemento WHERE id_elemento = ${idElemento}`);
        if (!e) throw badRequest(M.elementoNoExiste, { idElemento: M.elementoNoExiste });
      }
      await consulta(
        db,
        sql`UPDATE elem_pres SET id_elemento = ${idElemento}, fecha_act = now(), id_usuario_act = ${req.user.idUsuario}
             WHERE id_elem_pres = ${req.params.id}`,
      );
      return {
        mensaje: M.equivalenciaActualizada,
        elemPres: await elemPres(req.user, req.params.id, 'read'),
      };
    },
  );
}

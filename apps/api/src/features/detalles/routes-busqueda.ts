import {
  busquedaDetalleQuerySchema,
  type CatalogDef,
  canWriteCatalog,
  type ElementoBusqueda,
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
import type { Queryable } from '../../db/client.ts';
import { tenantHooks } from '../../lib/crud.ts';
import { badRequest, forbidden, notFound } from '../../lib/errors.ts';
import { foldedLike, likePattern } from '../../lib/sql.ts';
import { getPlanillaForUser } from '../planillas/access.ts';
import { prefixPattern } from '../planillas/queries.ts';

const tags = ['detalles'];
const elempres = getCatalog('elempres') as CatalogDef;

/** Elements matching a text by code prefix or words of the name, with the provider's agreed value. */
async function buscarElementos(
  q: Queryable,
  idPrestador: number,
  text: string | undefined,
  page: number,
  pageSize: number,
) {
  const cond = text
    ? `(e.codigo LIKE $1 OR ${foldedLike('e.nombre', '$2')})`
    : '$1::text IS NULL AND $2::text IS NULL';
  const params = text ? [prefixPattern(text.toUpperCase()), likePattern(foldText(text))] : [null, null];
  const [{ n }] = await q.query<{ n: number }>(
    `SELECT count(*)::int AS n FROM elemento e WHERE ${cond}`,
    params,
  );
  const items = await q.query<ElementoBusqueda>(
    `SELECT e.id_elemento AS "idElemento", e.codigo, e.nombre, c.nombre AS "clasElemNombre", e.valor::text AS valor,
            tp.valor::text AS "tarifaConv"
       FROM elemento e LEFT JOIN clas_elem c ON c.id_clas_elem = e.id_clas_elem
       LEFT JOIN tarifa_pres tp ON tp.id_prestador = $3 AND tp.id_elemento = e.id_elemento
      WHERE ${cond} ORDER BY e.nombre, e.codigo LIMIT $4 OFFSET $5`,
    [...params, idPrestador, pageSize, (page - 1) * pageSize],
  );
  return { items, total: n, page, pageSize };
}

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
      const params = [planilla.idPrestador, prefixPattern(q.toUpperCase()), likePattern(foldText(q))];
      const from = `FROM tarifa_pres tp JOIN elemento e ON e.id_elemento = tp.id_elemento
        LEFT JOIN tarifario ta ON ta.id_tarifario = tp.id_tarifario
       WHERE tp.id_prestador = $1 AND (e.codigo LIKE $2 OR ${foldedLike('e.nombre', '$3')})`;
      const [{ n }] = await db.query<{ n: number }>(`SELECT count(*)::int AS n ${from}`, params);
      const items = await db.query<TarifaBusqueda>(
        `SELECT tp.id_tarifa_pres AS "idTarifaPres", tp.id_tarifario AS "idTarifa", ta.descripcion AS "tarifarioNombre",
                e.id_elemento AS "idElemento", e.codigo AS "elementoCodigo", e.nombre AS "elementoNombre", tp.valor::text AS valor
           ${from} ORDER BY e.nombre, e.codigo LIMIT $4 OFFSET $5`,
        [...params, pageSize, (page - 1) * pageSize],
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
    const scope = tenantHooks(elempres).scope?.({ user } as never, 2, mode);
    const [row] = await db.query<ElemPresEquivalencia>(
      `SELECT t.id_elem_pres AS "idElemPres", t.id_prestador AS "idPrestador", pr.nombre_comercial AS "prestadorNombre",
              t.codigo, t.nombre, t.id_elemento AS "idElemento", e.codigo AS "elementoCodigo", e.nombre AS "elementoNombre",
              tp.valor::text AS "tarifaConv", ta.descripcion AS "tarifarioNombre"
         FROM elem_pres t LEFT JOIN prestador pr ON pr.id_prestador = t.id_prestador
         LEFT JOIN elemento e ON e.id_elemento = t.id_elemento
         LEFT JOIN tarifa_pres tp ON tp.id_prestador = t.id_prestador AND tp.id_elemento = t.id_elemento
         LEFT JOIN tarifario ta ON ta.id_tarifario = tp.id_tarifario
        WHERE t.id_elem_pres = $1${scope ? ` AND ${scope.sql}` : ''}`,
      [id, ...(scope?.params ?? [])],
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
        const [e] = await db.query('SELECT 1 FROM elemento WHERE id_elemento = $1', [idElemento]);
        if (!e) throw badRequest(M.elementoNoExiste, { idElemento: M.elementoNoExiste });
      }
      await db.query(
        'UPDATE elem_pres SET id_elemento = $2, fecha_act = now(), id_usuario_act = $3 WHERE id_elem_pres = $1',
        [req.params.id, idElemento, req.user.idUsuario],
      );
      return {
        mensaje: M.equivalenciaActualizada,
        elemPres: await elemPres(req.user, req.params.id, 'read'),
      };
    },
  );
}

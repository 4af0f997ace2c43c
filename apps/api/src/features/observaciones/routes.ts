import {
  idParams,
  observacionDetalleSchema,
  observacionesListaQuerySchema,
  observacionesPlanillaSchema,
  observacionesTramiteSchema,
  observacionParams,
  observacionQuerySchema,
  PERFIL,
  pageQuerySchema,
  permisosObservacion,
  responses,
} from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { notFound } from '../../lib/errors.ts';
import { IdListCache } from '../../lib/id-list-cache.ts';
import { consulta, fila, sql, todas } from '../../lib/sql.ts';
import { enviarExport } from '../../lib/tabla-export.ts';
import { getPlanillaForUser } from '../planillas/access.ts';
import { getTramiteConRevisiones } from '../tramites/access.ts';
import { COLUMNAS_OBSERVACIONES, listarObservacionesTramite } from './lista.ts';
import { ITEM_COLS, ITEM_JOINS, itemObservacion, leerObservacion, unionSql } from './queries.ts';
import { archivosRespuestaRoutes } from './routes-archivos.ts';
import { envioRoutes } from './routes-envio.ts';
import { escrituraRoutes } from './routes-escritura.ts';

const tags = ['observaciones'];

/**
 * The auditor–provider conversation (docs/spec-summary.md 001 §2.4, §2.7, §4–§8; issue 13): reads here, writes in
 * routes-escritura.ts, completeness and sending in routes-envio.ts, the provider's supporting
 * documents in routes-archivos.ts. The provider (15) sees only observations sent to it.
 */
export async function observacionRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;
  const auth = { onRequest: [app.authenticate] };
  /** Ordered ids of the procedures' observation lists (lista.ts), per filter and revision. */
  const listas = new IdListCache(2_000_000, 500_000);

  await app.register(escrituraRoutes);
  await app.register(envioRoutes);
  await app.register(archivosRespuestaRoutes);

  r.get(
    '/api/v1/planillas/:id/observaciones',
    {
      ...auth,
      schema: {
        tags,
        summary:
          'Observaciones (y respuestas) de una atención y de sus detalles, por tipo M o D, con los permisos del usuario',
        params: idParams,
        querystring: observacionQuerySchema.extend(pageQuerySchema.shape),
        response: responses({ 200: observacionesPlanillaSchema }),
      },
    },
    async (req) => {
      const { planilla, tramite } = await getPlanillaForUser(db, req.user, req.params.id);
      const { tipo, page, pageSize } = req.query;
      const where = todas([
        sql`o.id_planilla = ${planilla.idPlanilla} AND o.observacion_tipo = ${tipo} AND o.estado = 1`,
        req.user.idPerfil === PERFIL.PRESTADOR && sql.raw('o.ronda IS NOT NULL'),
      ]);
      const rows = await consulta<
        z.infer<typeof observacionesPlanillaSchema>['items'][number] & { n: number }
      >(
        db,
        sql`SELECT ${ITEM_COLS}, count(*) OVER ()::int AS n
           FROM (${unionSql(where)}) x ${ITEM_JOINS}
          ORDER BY x.nivel_orden, x.fecha_reg DESC, x.id DESC
          LIMIT ${pageSize} OFFSET ${(page - 1) * pageSize}`,
      );
      let total = rows[0]?.n ?? 0;
      if (rows.length === 0 && page > 1) {
        const c = await fila<{ n: number }>(db, sql`SELECT count(*)::int AS n FROM (${unionSql(where)}) x`);
        total = c.n;
      }
      return {
        items: rows.map(({ n: _n, ...o }) => o),
        total,
        page,
        pageSize,
        permisos: permisosObservacion(req.user, tramite, planilla),
      };
    },
  );

  r.get(
    '/api/v1/tramites/:id/observaciones',
    {
      ...auth,
      preValidation: [app.requireProfile(PERFIL.PRESTADOR, 16, 17, 18, 19, 20)],
      schema: {
        tags,
        summary:
          'Observaciones del trámite con sus respuestas (ObservacionesTramite, revisión de observaciones pendientes, ' +
          'listas del prestador): por carga, tipo, nivel, respondidas o por resolver; formato=csv exporta a CSV y formato=xlsx a Excel',
        description:
          'Ordenadas por número de atención (sort=numero o -numero). El prestador ve solo las enviadas; 18 y 20 las ' +
          'de sus atenciones asignadas (salvo asignación T). Sin filas: "No hay observaciones para este trámite/tipo."',
        params: idParams,
        querystring: observacionesListaQuerySchema,
        response: responses({ 200: observacionesTramiteSchema }),
      },
    },
    async (req, reply) => {
      const t = await getTramiteConRevisiones(db, req.user, req.params.id);
      const q = req.query;
      const { formato } = q;
      const paginar = formato === 'json';
      const { items, total } = await listarObservacionesTramite(db, req.user, t, q, paginar, listas);
      if (formato === 'json') return { items, total, page: q.page, pageSize: q.pageSize };
      return enviarExport(reply, {
        columnas: COLUMNAS_OBSERVACIONES,
        filas: items,
        formato,
        nombre: `Observaciones_tramite_${t.idTramite}`,
        hoja: 'Observaciones',
      }) as never;
    },
  );

  r.get(
    '/api/v1/observaciones/:nivel/:id',
    {
      ...auth,
      schema: {
        tags,
        summary: 'Una observación (de atención o de detalle) con su atención: pantallas de respuesta',
        params: observacionParams,
        response: responses({ 200: observacionDetalleSchema }),
      },
    },
    async (req) => {
      const { nivel, id } = req.params;
      const o = await leerObservacion(db, nivel, id);
      if (o?.estado !== 1) throw notFound();
      const { planilla, tramite } = await getPlanillaForUser(db, req.user, o.idPlanilla);
      if (planilla.estado !== 1 || (req.user.idPerfil === PERFIL.PRESTADOR && o.ronda === null))
        throw notFound();
      const item = await itemObservacion(db, nivel, id);
      return {
        ...(item as z.infer<typeof observacionDetalleSchema>),
        planilla: {
          idPlanilla: planilla.idPlanilla,
          idTramite: planilla.idTramite,
          idCarga: planilla.idCarga,
          numero: planilla.numero,
          numeroExt: planilla.numeroExt,
          cedula: planilla.cedula,
          nombre: planilla.nombre,
          fechaDesde: planilla.fechaDesde,
          fechaHasta: planilla.fechaHasta,
          horaDesde: planilla.horaDesde,
          horaHasta: planilla.horaHasta,
        },
        estadoTramite: tramite.estadoTramite,
        permisos: permisosObservacion(req.user, tramite, planilla),
      };
    },
  );
}

import {
  archivosNuevosQuerySchema,
  getTramitesByIdArchivosNuevosResponse,
  getTramitesByIdArchivosPorCargaResponse,
  getTramitesByIdPlanillasSinArchivosResponse,
  idParams,
  PERFILES_SUPERVISION,
  sinArchivosQuerySchema,
  uncheckedResponses,
} from '@app/domain';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { columnasExport, enviarExport } from '../../lib/tabla-export.ts';
import { getTramiteForUser } from '../tramites/access.ts';
import {
  type ArchivoNuevo,
  archivosNuevos,
  archivosPorCarga,
  assertCargaDelTramite,
  planillasSinArchivos,
} from './queries.ts';
import type { ArchivoRoutesOpts } from './routes.ts';

const tags = ['archivos'];

/** The export of the new files of a period (CSV or Excel). */
const COLUMNAS_ARCHIVOS_NUEVOS = columnasExport<ArchivoNuevo>([
  { titulo: 'Fecha de carga', tipo: 'fechaHora', valor: (a) => a.fechaCrea },
  { titulo: 'Número', tipo: 'texto', valor: (a) => a.numero },
  { titulo: 'Cédula', tipo: 'texto', valor: (a) => a.cedula, ancho: 12 },
  { titulo: 'Paciente', tipo: 'texto', valor: (a) => a.paciente, ancho: 30 },
  { titulo: 'Archivo', tipo: 'texto', valor: (a) => a.nombre, ancho: 30 },
  { titulo: 'Tipo', tipo: 'texto', valor: (a) => a.tipo, ancho: 10 },
  { titulo: 'Tamaño (bytes)', tipo: 'entero', valor: (a) => a.tamano, ancho: 14 },
  { titulo: 'Usuario', tipo: 'texto', valor: (a) => a.usuario, ancho: 24 },
]);

/** Attentions without files, the new files of a period and the files per load (supervision). */
export async function informesRoutes(app: FastifyInstance, _opts: ArchivoRoutesOpts) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;
  const auth = { onRequest: [app.authenticate] };

  r.get(
    '/api/v1/tramites/:id/planillas-sin-archivos',
    {
      schema: {
        response: uncheckedResponses({ 200: getTramitesByIdPlanillasSinArchivosResponse }),
        tags,
        summary: 'Atenciones sin archivos de un trámite o de una de sus cargas',
        params: idParams,
        querystring: sinArchivosQuerySchema,
      },
      ...auth,
    },
    async (req) => {
      const t = await getTramiteForUser(db, req.user, req.params.id);
      if (req.query.idCarga) await assertCargaDelTramite(db, req.query.idCarga, t.idTramite);
      return planillasSinArchivos(db, req.user, t, req.query);
    },
  );

  r.get(
    '/api/v1/tramites/:id/archivos-nuevos',
    {
      schema: {
        response: uncheckedResponses({ 200: getTramitesByIdArchivosNuevosResponse }),
        tags,
        summary:
          'Archivos nuevos de un trámite en un período (días de Guayaquil, ambos incluidos); formato=csv exporta a CSV y formato=xlsx a Excel',
        params: idParams,
        querystring: archivosNuevosQuerySchema,
      },
      ...auth,
      preValidation: [app.requireProfile(...PERFILES_SUPERVISION)],
    },
    async (req, reply) => {
      const t = await getTramiteForUser(db, req.user, req.params.id);
      const { desde, hasta, formato, page, pageSize } = req.query;
      if (formato === 'json') return archivosNuevos(db, req.user, t, { desde, hasta, page, pageSize });
      const all = await archivosNuevos(db, req.user, t, { desde, hasta });
      return enviarExport(reply, {
        columnas: COLUMNAS_ARCHIVOS_NUEVOS,
        filas: all.items,
        formato,
        nombre: `archivos_nuevos_tramite_${t.idTramite}_${desde}_${hasta}`,
        hoja: 'Archivos nuevos',
      });
    },
  );

  r.get(
    '/api/v1/tramites/:id/archivos-por-carga',
    {
      schema: {
        response: uncheckedResponses({ 200: getTramitesByIdArchivosPorCargaResponse }),
        tags,
        summary:
          'Archivos por carga del trámite (ArchivoCarga): atenciones, atenciones con archivos, archivos, bytes y última carga',
        params: idParams,
      },
      ...auth,
      preValidation: [app.requireProfile(...PERFILES_SUPERVISION)],
    },
    async (req) => {
      const t = await getTramiteForUser(db, req.user, req.params.id);
      return { items: await archivosPorCarga(db, t.idTramite) };
    },
  );
}

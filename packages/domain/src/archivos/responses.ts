/**
 * Response schemas of the API routes of this area (issue 12 §3), drafted from what the routes send
 * in their tests and checked by the serializer (apps/api/src/lib/serializer.ts). Web types: `z.input<typeof x>`.
 */
import { z } from 'zod';
import { fecha, instante, pageOf } from '../common/responses.ts';
import { planillaDeListaSchema } from '../planillas/responses-revision.ts';

/** A document of an attention, as stored. */
export const archivoPlaSchema = z.object({
  idArchivoPla: z.number().int(),
  idPlanilla: z.number().int(),
  nombre: z.string(),
  ruta: z.string(),
  tipo: z.string(),
  tamano: z.number().int(),
  hash: z.string(),
  fechaCrea: instante,
  fechaMod: z.unknown().nullable(),
});

/** `GET /api/v1/archivos-pla/:id` → 200. */
export const getArchivosPlaByIdResponse = archivoPlaSchema.extend({
  idCarga: z.number().int(),
  idTramite: z.number().int(),
  numero: z.string(),
  estadoTramite: z.string(),
});

/** `GET /api/v1/planillas/:id/archivos` → 200. */
export const getPlanillasByIdArchivosResponse = pageOf(archivoPlaSchema);

/** `GET /api/v1/tramites/:id/archivos-nuevos` → 200. */
export const getTramitesByIdArchivosNuevosResponse = z.object({
  items: z.array(
    z.object({
      idArchivoPla: z.number().int(),
      idPlanilla: z.number().int(),
      idCarga: z.number().int(),
      numero: z.string(),
      cedula: z.string(),
      paciente: z.string(),
      nombre: z.string(),
      tipo: z.string(),
      tamano: z.number().int(),
      fechaCrea: instante,
      usuario: z.string(),
    }),
  ),
  total: z.number().int(),
  bytes: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** `GET /api/v1/tramites/:id/archivos-por-carga` → 200. */
export const getTramitesByIdArchivosPorCargaResponse = z.object({
  items: z.array(
    z.object({
      idCarga: z.number().int(),
      tipoCarga: z.string(),
      fechaDesde: fecha,
      fechaHasta: fecha,
      atenciones: z.number().int(),
      conArchivos: z.number().int(),
      archivos: z.number().int(),
      bytes: z.number().int(),
      ultimoArchivo: instante.nullable(),
    }),
  ),
});

/** `GET /api/v1/tramites/:id/planillas-sin-archivos` → 200. */
export const getTramitesByIdPlanillasSinArchivosResponse = pageOf(
  planillaDeListaSchema.extend({
    nombreMedico: z.string(),
    cargaDesde: fecha,
    cargaHasta: fecha,
    tipoCarga: z.string(),
  }),
);

/** `POST /api/v1/archivos-pla/:id/enlace` → 200. */
export const postArchivosPlaByIdEnlaceResponse = z.object({
  url: z.string(),
  expiraEn: z.string(),
  nombre: z.string(),
  tipo: z.string(),
});

/** `POST /api/v1/cargas/:id/archivos` → 200. */
export const postCargasByIdArchivosResponse = z.object({
  archivosCargados: z.array(z.string()),
  archivosDuplicados: z.array(z.string()),
  planillasNoEncontradas: z.array(z.string()),
  estadoTramite: z.string(),
  mensaje: z.string(),
});

/** `POST /api/v1/tramites/:id/zip/enlace` → 200. */
export const postTramitesByIdZipEnlaceResponse = z.object({
  url: z.string(),
  expiraEn: z.string(),
  nombre: z.string(),
  archivos: z.number().int(),
});

/**
 * Response schemas of the API routes of this area (issue 12 §3), drafted from what the routes send
 * in their tests and checked by the serializer (apps/api/src/lib/serializer.ts). Web types: `z.input<typeof x>`.
 */
import { z } from 'zod';
import { cargaSchema } from '../cargas/responses.ts';
import { fecha, instante, pageOf } from '../common/responses.ts';
import { planillaDeListaSchema } from '../planillas/responses-revision.ts';
import { ESTADOS_TRAMITE } from '../tramites/workflow.ts';

/** A load's type (M, S or A), as the load's own schema declares it. */
const tipoCarga = cargaSchema.shape.tipoCarga;

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
  fechaMod: instante.nullable(),
});

/** `GET /api/v1/archivos-pla/:id` → 200. */
export const getArchivosPlaByIdResponse = archivoPlaSchema.extend({
  idCarga: z.number().int(),
  idTramite: z.number().int(),
  numero: z.string(),
  estadoTramite: z.enum(ESTADOS_TRAMITE),
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
      /** Who uploaded it; null when the file has no user (archivo_pla.id_usuario is nullable). */
      usuario: z.string().nullable(),
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
      tipoCarga,
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
    nombreMedico: z.string().nullable(),
    cargaDesde: fecha,
    cargaHasta: fecha,
    tipoCarga,
  }),
);

/** `POST /api/v1/archivos-pla/:id/enlace` → 200. */
export const postArchivosPlaByIdEnlaceResponse = z.object({
  url: z.string(),
  expiraEn: z.string(),
  nombre: z.string(),
  tipo: z.string(),
});

/** What a batch of uploaded files came to: the names stored, those already there, the attentions not found. */
export const resultadoArchivosSchema = z.object({
  archivosCargados: z.array(z.string()),
  archivosDuplicados: z.array(z.string()),
  planillasNoEncontradas: z.array(z.string()),
});

/** `POST /api/v1/cargas/:id/archivos` → 200. */
export const postCargasByIdArchivosResponse = resultadoArchivosSchema.extend({
  estadoTramite: z.enum(ESTADOS_TRAMITE),
  mensaje: z.string(),
});

/** `POST /api/v1/tramites/:id/zip/enlace` → 200. */
export const postTramitesByIdZipEnlaceResponse = z.object({
  url: z.string(),
  expiraEn: z.string(),
  nombre: z.string(),
  archivos: z.number().int(),
});

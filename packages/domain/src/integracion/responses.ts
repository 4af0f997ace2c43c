/**
 * Response schemas of the API routes of this area (issue 12 §3), drafted from what the routes send
 * in their tests and checked by the serializer (apps/api/src/lib/serializer.ts). Web types: `z.input<typeof x>`.
 */
import { z } from 'zod';
import { sandboxLogRowSchema } from '../admin/sesiones.ts';
import { ESTADOS_AUTORIZACION } from '../autorizaciones/rules.ts';
import { cargaSchema } from '../cargas/responses.ts';
import { fecha, instante, pageOf } from '../common/responses.ts';
import { tramiteSchema } from '../tramites/responses.ts';
import { ESTADOS_TRAMITE } from '../tramites/workflow.ts';

/** `DELETE /api/v1/api-tokens/:id` → 200. */
export const deleteApiTokensByIdResponse = z.object({
  mensaje: z.string(),
});

/** `DELETE /api/v1/sandbox/tramites` → 200. */
export const deleteSandboxTramitesResponse = z.object({
  mensaje: z.string(),
  eliminados: z.number().int(),
});

/** `GET /api/v1/api-tokens` → 200. */
export const getApiTokensResponse = z.array(
  z.object({
    idApiToken: z.number().int(),
    nombre: z.string(),
    prefijo: z.string(),
    fechaReg: instante,
    fechaUso: instante.nullable(),
    revocado: instante.nullable(),
    expira: instante,
    vencido: z.boolean(),
  }),
);

/** `POST /api/v1/api-tokens` → 201. */
export const postApiTokensResponse201 = z.object({
  mensaje: z.string(),
  idApiToken: z.number().int(),
  token: z.string(),
  expira: instante,
});

/** `POST /api/v1/sandbox/autorizaciones` → 201. */
export const postSandboxAutorizacionesResponse201 = z.object({
  mensaje: z.string(),
  idAutorizacion: z.number().int(),
  idTramite: z.number().int(),
  estadoAut: z.enum(ESTADOS_AUTORIZACION),
});

/** `GET /api/v1/sandbox/log` → 200: the company's calls, the administration's row (admin/sesiones.ts) without its user. */
export const getSandboxLogResponse = pageOf(sandboxLogRowSchema.omit({ idUsuario: true }));

/** `GET /api/v1/sandbox/tramites` → 200: test procedures with their last load (none: nulls) and backups. */
export const getSandboxTramitesResponse = pageOf(
  tramiteSchema.extend({
    idCarga: z.number().int().nullable(),
    numeroRegistros: z.number().int().nullable(),
    contadorErrores: z.number().int().nullable(),
    numRespaldos: z.number().int(),
  }),
);

/** `POST /api/v1/[sandbox/]cargatramites/registro-{datos|completo}` (201). */
export const registroResultadoSchema = z.object({
  mensaje: z.string(),
  sandbox: z.boolean(),
  idTramite: z.number().int(),
  numero: z.string(),
  estadoTramite: z.enum(ESTADOS_TRAMITE),
  tramiteNuevo: z.boolean(),
  idCarga: z.number().int(),
  idAutorizacion: z.number().int().nullable(),
  tipoCarga: cargaSchema.shape.tipoCarga,
  fechaDesde: fecha,
  fechaHasta: fecha,
  numeroRegistros: z.number().int(),
  contadorErrores: z.number().int(),
  contadorNovedades: z.number().int(),
  resumen: z.string(),
  /** The first 100 row errors (all of them are in the load's errors). */
  errores: z.array(
    z.object({
      fila: z.number().int(),
      columna: z.string().nullable(),
      valor: z.string().nullable(),
      mensaje: z.string(),
    }),
  ),
  respaldos: z.array(
    z.object({
      idCargaRespaldo: z.number().int(),
      nombreArchivo: z.string(),
      tipo: z.string(),
      tamanio: z.number().int(),
    }),
  ),
});

/** `GET /api/v1/[sandbox/]cargatramites/cargas/:id/respaldos`. */
export const respaldosSchema = z.array(
  z.object({
    idCargaRespaldo: z.number().int(),
    idCarga: z.number().int(),
    nombreArchivo: z.string(),
    tipo: z.string(),
    tamanio: z.number(),
    sha256: z.string(),
    fechaReg: instante,
  }),
);

/**
 * Response schemas of the API routes of this area (issue 12 §3), drafted from what the routes send
 * in their tests and checked by the serializer (apps/api/src/lib/serializer.ts). Web types: `z.input<typeof x>`.
 */
import { z } from 'zod';
import { instante } from '../common/responses.ts';

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
  estadoAut: z.string(),
});
/** `GET /api/v1/sandbox/log` → 200. */
export const getSandboxLogResponse = z.object({
  items: z.array(z.unknown()),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** `GET /api/v1/sandbox/tramites` → 200. */
export const getSandboxTramitesResponse = z.object({
  items: z.array(z.unknown()),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** Response schemas of the admin API routes: companies: their images, current subscription and an insurer's tariff detail (see responses.ts). */
import { z } from 'zod';
import { columnasRegistro, mensajeSchema, pageOf } from '../common/responses.ts';
import { suscripcionRow } from './responses-suscripciones.ts';

/** An image of a company (its logo), without its bytes. */
const empresaImgRow = z.object({
  idEmpresaImg: z.number().int(),
  idEmpresa: z.number().int(),
  nombre: z.string(),
  tipo: z.string(),
  tamano: z.number().int(),
  ...columnasRegistro,
});

/** `GET /api/v1/empresas/:id/imagenes` → 200 (the `empresaimg` declaration's rows; admin.test.ts checks both alike). */
export const getEmpresasByIdImagenesResponse = pageOf(empresaImgRow);
/** `POST /api/v1/empresas/:id/imagenes` → 201. */
export const postEmpresasByIdImagenesResponse201 = mensajeSchema.extend({ item: empresaImgRow });

/** `GET /api/v1/empresas/:id/suscripcion-vigente` → 200. */
export const getEmpresasByIdSuscripcionVigenteResponse = suscripcionRow;

/** `GET /api/v1/aseguradores/:id/tarifa-detalle` → 200 (its rows unchecked). */
export const getAseguradoresByIdTarifaDetalleResponse = pageOf(z.unknown());

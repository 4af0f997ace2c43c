/** Response schemas of the admin API routes: companies: their images, current subscription and an insurer's tariff detail (see responses.ts). */
import { z } from 'zod';
import { fecha, instante } from '../common/responses.ts';

/** `GET /api/v1/empresas/:id/imagenes` → 200. */
export const getEmpresasByIdImagenesResponse = z.object({
  items: z.array(
    z.object({
      idEmpresaImg: z.number().int(),
      idEmpresa: z.number().int(),
      nombre: z.string(),
      tipo: z.string(),
      tamano: z.number().int(),
      fechaReg: instante,
      fechaAct: instante.nullable(),
      idUsuarioReg: z.number().int().nullable(),
      idUsuarioAct: z.number().int().nullable(),
    }),
  ),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** `GET /api/v1/empresas/:id/suscripcion-vigente` → 200. */
export const getEmpresasByIdSuscripcionVigenteResponse = z.object({
  idSuscripcion: z.number().int(),
  idPlan: z.number().int(),
  planNombre: z.string(),
  idFormaPago: z.number().int(),
  formaPagoNombre: z.string(),
  idEmpresa: z.number().int(),
  empresaNombre: z.string(),
  idUsuario: z.number().int().nullable(),
  usuarioNombre: z.string().nullable(),
  numero: z.string(),
  estado: z.string(),
  fechaDesde: fecha,
  fechaHasta: fecha,
  fechaReg: instante,
  fechaAct: instante.nullable(),
  idUsuarioReg: z.number().int().nullable(),
  idUsuarioAct: z.number().int().nullable(),
});

/** `POST /api/v1/empresas/:id/imagenes` → 201. */
export const postEmpresasByIdImagenesResponse201 = z.object({
  mensaje: z.string(),
  item: z.object({
    idEmpresaImg: z.number().int(),
    idEmpresa: z.number().int(),
    nombre: z.string(),
    tipo: z.string(),
    tamano: z.number().int(),
    fechaReg: instante,
    fechaAct: instante.nullable(),
    idUsuarioReg: z.number().int().nullable(),
    idUsuarioAct: z.number().int().nullable(),
  }),
});

/** `GET /api/v1/aseguradores/:id/tarifa-detalle` → 200. */
export const getAseguradoresByIdTarifaDetalleResponse = z.object({
  items: z.array(z.unknown()),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

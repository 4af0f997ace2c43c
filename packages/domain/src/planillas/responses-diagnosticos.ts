/** Response schemas of the diagnoses' routes and the attentions of a diagnosis (see responses.ts). */
import { z } from 'zod';
import { fecha } from '../common/responses.ts';

/** `GET /api/v1/diagnosticos` → 200. */
export const getDiagnosticosResponse = z.object({
  items: z.array(
    z.object({
      idDiagnostico: z.number().int(),
      codigo: z.string(),
      codigoPunto: z.string(),
      nombre: z.string(),
    }),
  ),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** `GET /api/v1/diagnosticos/:id/planillas` → 200. */
export const getDiagnosticosByIdPlanillasResponse = z.object({
  items: z.array(
    z.object({
      idPlanilla: z.number().int(),
      idTramite: z.number().int(),
      numeroTramite: z.string(),
      numero: z.string(),
      fechaDesde: fecha,
      cedula: z.string(),
      nombre: z.string(),
      posicion: z.number().int(),
    }),
  ),
  total: z.number().int(),
  page: z.number().int(),
  pageSize: z.number().int(),
});

/** `GET /api/v1/diagnosticos/codigo/:codigo` → 200. */
export const getDiagnosticosCodigoByCodigoResponse = z.object({
  codigo: z.string(),
  codigoPunto: z.string(),
  nombre: z.string(),
});

/** Response schemas of the diagnoses' routes and the attentions of a diagnosis (see responses.ts). */
import { z } from 'zod';
import { pageOf } from '../common/responses.ts';
import { planillaDeTramite } from './responses-planillas.ts';

/** `GET /api/v1/diagnosticos` → 200. */
export const getDiagnosticosResponse = pageOf(
  z.object({
    idDiagnostico: z.number().int(),
    codigo: z.string(),
    codigoPunto: z.string(),
    nombre: z.string(),
  }),
);

/** `GET /api/v1/diagnosticos/:id/planillas` → 200. */
export const getDiagnosticosByIdPlanillasResponse = pageOf(
  planillaDeTramite.extend({
    cedula: z.string(),
    nombre: z.string(),
    posicion: z.number().int(),
  }),
);

/** One attention of a diagnosis; `posicion` 1..5 is which of diag1..diag5 holds it (the first when several do). */
export type AtencionDiagnostico = z.infer<typeof getDiagnosticosByIdPlanillasResponse>['items'][number];

/** `GET /api/v1/diagnosticos/codigo/:codigo` → 200. */
export const getDiagnosticosCodigoByCodigoResponse = z.object({
  codigo: z.string(),
  codigoPunto: z.string(),
  nombre: z.string(),
});

import type { z } from 'zod';
import type { getDiagnosticosResponse } from './responses-diagnosticos.ts';
import type {
  getPlanillasBuscarResponse,
  getPlanillasByIdAuditoriaResponse,
  getPlanillasByIdResponse,
  getPlanillasResponse,
} from './responses-planillas.ts';
import type { planillaDeListaSchema, postPlanillasByIdRevisionResponse } from './responses-revision.ts';

/*
 * The attentions' rows as the API answers them (for the web and the API's row types), derived from
 * the routes' response schemas: `z.input` is the wire shape (dates `YYYY-MM-DD`, instants ISO
 * strings, money as strings with 2 decimals).
 */

/** GET /planillas: the page, the procedure's state and which review states the user sees. */
export type PlanillaListaRespuesta = z.input<typeof getPlanillasResponse>;
/** A row of GET /planillas. estadoAud/estadoDoc are null where the profile or state hides them. */
export type PlanillaFila = PlanillaListaRespuesta['items'][number];

/** GET /planillas/:id */
export type PlanillaDetalleRespuesta = z.input<typeof getPlanillasByIdResponse>;

/** POST /planillas/:id/revision: the new states and the next pending record of the same load, if any. */
export type RevisionRespuesta = z.input<typeof postPlanillasByIdRevisionResponse>;

export type AuditoriaRespuesta = z.input<typeof getPlanillasByIdAuditoriaResponse>;
export type AuditoriaFila = AuditoriaRespuesta['generales'][number];

/** An attention as the lists that point at one show it (controls, assignment, reports). */
export type AtencionRef = z.input<typeof planillaDeListaSchema>;

export type DiagnosticoItem = z.input<typeof getDiagnosticosResponse>['items'][number];

export type BusquedaFila = z.input<typeof getPlanillasBuscarResponse>['items'][number];

import { sql } from '../../lib/sql.ts';
import type { PeticionReporte } from './datos.ts';

/* What the procedure reports' statements share: their scope, their batch size and their sums. */

/** Attentions read per batch. */
export const LOTE = 500;

/** The scope's attentions (alias p): the procedure, and the load and attention when asked for. */
export const alcanceP = (p: PeticionReporte) =>
  sql`p.id_tramite = ${p.idTramite} AND p.estado = 1 AND (${p.idCarga}::int IS NULL OR p.id_carga = ${p.idCarga})
   AND (${p.idPlanilla}::int IS NULL OR p.id_planilla = ${p.idPlanilla})`;

/** The count and the money sums of a set of rows whose columns start with `r` (as the totals print them). */
export const sumas = (r: string) =>
  sql.raw(`count(*)::int AS n, COALESCE(sum(${r}reclamado), 0)::numeric(16, 2)::text AS reclamado,
   COALESCE(sum(${r}aprobado), 0)::numeric(16, 2)::text AS aprobado, COALESCE(sum(${r}glosa), 0)::numeric(16, 2)::text AS glosa`);

/** How the totals row names the scope. */
export const etiquetaAlcance = (p: PeticionReporte) =>
  p.idPlanilla ? 'Total de la atención' : p.idCarga ? 'Total de la carga' : 'Total del trámite';

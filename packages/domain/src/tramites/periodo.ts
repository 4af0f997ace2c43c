/** The procedure's period: when it may be edited, and how many weeks a weekly procedure has. */

/**
 * Dates and description may be edited while REGISTRADO (docs/spec-summary.md 000 §4), and the 'Update' of docs/spec-summary.md 000 §2
 * is also offered when an authorization was approved (tieneApr 1): then the procedure is under way,
 * so its period may only widen and no load falls outside it.
 */
export const esEditable = (t: { estadoTramite: string; tieneApr: number }) =>
  t.estadoTramite === 'REGISTRADO' || (t.tieneApr === 1 && t.estadoTramite !== 'ANULADO');

/** Whether an edit of `t` to [desde, hasta] keeps to the rule above (only widening once under way). */
export const periodoEditable = (
  t: { estadoTramite: string; fechaDesde: string; fechaHasta: string },
  desde: string,
  hasta: string,
) => t.estadoTramite === 'REGISTRADO' || (desde <= t.fechaDesde && hasta >= t.fechaHasta);

/** Weekly procedures: how many weeks the period spans (Monday-based), at least 1. */
export function semanasEnPeriodo(fechaDesde: string, fechaHasta: string): number {
  const d = Date.parse(`${fechaDesde}T00:00:00Z`);
  const h = Date.parse(`${fechaHasta}T00:00:00Z`);
  if (Number.isNaN(d) || Number.isNaN(h) || h < d) return 0;
  return Math.max(1, Math.ceil((h - d + 86_400_000) / (7 * 86_400_000)));
}

/** The report pages of spec 001 §2.5 (decision 66), alone so that the web's router imports no schema. */
export const REPORTES_ESTADISTICOS_IDS = [
  'tramites-por-fecha',
  'tramites-asignaciones',
  'tramites-avance',
  'tramites-avance-am',
  'tramites-avance-gd',
  'tramites-tiempo-proceso',
  'tramites-estadisticas',
  'especialidades-prestador',
] as const;
export type ReporteEstadisticoId = (typeof REPORTES_ESTADISTICOS_IDS)[number];

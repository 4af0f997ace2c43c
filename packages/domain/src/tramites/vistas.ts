/**
 * The procedure lists of docs/spec-summary.md 000 §2, declared once: the API's `vista` (the list
 * query's enum), and the web's path and title of each (its routes, the list page's heading).
 */
export const VISTAS_TRAMITE = {
  todos: { path: '/tramite', title: 'Trámites' },
  asignados: { path: '/tramite-asignados', title: 'Trámites Asignados' },
  procesados: { path: '/tramite-procesados', title: 'Trámites Procesados' },
  carga: { path: '/tramite-carga', title: 'Carga de trámites' },
} as const;
export type VistaTramite = keyof typeof VISTAS_TRAMITE;
/** The views in their menu order. */
export const VISTAS_TRAMITE_CLAVES = Object.keys(VISTAS_TRAMITE) as [VistaTramite, ...VistaTramite[]];

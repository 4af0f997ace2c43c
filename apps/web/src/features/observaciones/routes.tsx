import type { NivelObservacion } from '@app/domain/observaciones/rules';
import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { ModoObs } from './tramite-observaciones-page.tsx';

type ListaModule = { default: ComponentType<{ modo: ModoObs }> };
type RespuestaModule = { default: ComponentType<{ nivel: NivelObservacion }> };

const lista = (path: string, modo: ModoObs): RouteObject => ({
  path,
  lazy: async () => {
    const { default: Page } = (await import('./tramite-observaciones-page.tsx')) as ListaModule;
    return { element: <Page key={path} modo={modo} /> };
  },
});

const respuesta = (path: string, nivel: NivelObservacion): RouteObject => ({
  path,
  lazy: async () => {
    const { default: Page } = (await import('./respuesta-page.tsx')) as RespuestaModule;
    return { element: <Page key={nivel} nivel={nivel} /> };
  },
});

/** The observation conversation's screens (docs/spec-summary.md 001 §2.4, §2.7; issue 13), inside the signed-in shell. */
export const observacionRoutes: RouteObject[] = [
  lista('/tramite-observaciones/:idTramite', { tabs: true, titulo: 'Observaciones del trámite' }),
  lista('/tramites-obs-pla/:idTramite', { tabs: true, tab: 'cabecera', titulo: 'Observaciones del trámite' }),
  lista('/tramites-obs-pla-det/:idTramite', {
    tabs: true,
    tab: 'detalle',
    titulo: 'Observaciones del trámite',
  }),
  lista('/planillas-observaciones/:idTramite', { tabs: false, titulo: 'Observaciones de las atenciones' }),
  lista('/observaciones-01/:idTramite/:tipo', { tabs: true, titulo: 'Observaciones por trámite' }),
  lista('/cargaplanillaobs/:idTramite/:idCarga', { tabs: false, titulo: 'Observaciones de la carga' }),
  {
    path: '/observaciones-01',
    lazy: async () => ({ Component: (await import('./observaciones-por-tramite-page.tsx')).default }),
  },
  respuesta('/pla-obs-respuesta/:id/:tipo', 'planilla'),
  respuesta('/pla-det-obs-respuesta/:id/:tipo', 'detalle'),
  {
    path: '/planilladet_pladetobs/:idTramite/:estadoTramite/:idPlanillaDet/:tipo/:procesoAm',
    lazy: async () => ({ Component: (await import('./detalle-observaciones-page.tsx')).default }),
  },
  {
    path: '/observaciones-tramite/:idTramite',
    lazy: async () => ({ Component: (await import('./revision-observaciones-page.tsx')).default }),
  },
];

import type { RouteObject } from 'react-router';

/** The drawer's tools (docs/spec-summary.md 001 §2.3, docs/spec-summary.md 002 "Session, menu and top bar"); each page its own chunk. */
export const herramientasRoutes: RouteObject[] = [
  {
    path: '/imc-adultos',
    lazy: async () => ({ Component: (await import('./imc-adultos-page.tsx')).default }),
  },
  {
    path: '/imc-menores',
    lazy: async () => ({ Component: (await import('./imc-menores-page.tsx')).default }),
  },
  {
    path: '/calculadora',
    lazy: async () => ({ Component: (await import('./calculadora-page.tsx')).default }),
  },
  { path: '/vademecum', lazy: async () => ({ Component: (await import('./vademecum-page.tsx')).default }) },
  {
    path: '/consultacobertura',
    lazy: async () => ({ Component: (await import('./consulta-cobertura-page.tsx')).default }),
  },
];

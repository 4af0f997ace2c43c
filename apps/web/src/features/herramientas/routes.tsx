import type { RouteObject } from 'react-router';

/** The drawer's tools (docs/spec-summary.md 001 §2.3, docs/spec-summary.md 002 "Session, menu and top bar"); each page its own chunk. */
export const herramientasRoutes: RouteObject[] = [
  { path: '/imc-adultos', lazy: async () => ({ Component: (await import('./ImcAdultosPage.tsx')).default }) },
  { path: '/imc-menores', lazy: async () => ({ Component: (await import('./ImcMenoresPage.tsx')).default }) },
  {
    path: '/calculadora',
    lazy: async () => ({ Component: (await import('./CalculadoraPage.tsx')).default }),
  },
  { path: '/vademecum', lazy: async () => ({ Component: (await import('./VademecumPage.tsx')).default }) },
  {
    path: '/consultacobertura',
    lazy: async () => ({ Component: (await import('./ConsultaCoberturaPage.tsx')).default }),
  },
];

import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';
import type { Lado } from '../tramites/tramite-rules.ts';

type DetailModule = { default: ComponentType<{ lado: Lado }> };

const detalle = (path: string, lado: Lado): RouteObject => ({
  path,
  lazy: async () => {
    const { default: Page } = (await import('./tramite-detail-page.tsx')) as DetailModule;
    return { element: <Page lado={lado} /> };
  },
});

/**
 * The procedure page (docs/spec-summary.md 000 §2), one chunk, mounted inside the signed-in shell.
 * It is the one screen that composes the other features' tabs (loads, attentions, assignment,
 * controls, observations, finances, requests), so it lives above them: features/tramites holds what
 * those features import (API client, rules, the action hook) and imports none of them.
 */
export const tramiteDetalleRoutes: RouteObject[] = [
  detalle('/tramiteform/:id', 'auditoria'),
  detalle('/tramiteform-carga/:id', 'carga'),
];

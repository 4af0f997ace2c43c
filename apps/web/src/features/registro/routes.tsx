import type { ComponentType } from 'react';
import type { RouteObject } from 'react-router';

const pages = () => import('./registro-pages.tsx');

function page(path: string, name: string): RouteObject {
  return {
    path,
    lazy: async () => {
      const mod = (await pages()) as unknown as Record<string, ComponentType>;
      return { Component: mod[name] };
    },
  };
}

/** Public registration (/Registro01Plan … 05Completo) and renewal (/Renovacion01Plan … 04Completo) of docs/spec-summary.md 001 §2.1. */
export const publicRegistroRoutes: RouteObject[] = [
  page('/Registro01Plan', 'Registro01Plan'),
  page('/Registro02TC', 'Registro02TC'),
  page('/Registro03Usuario', 'Registro03Usuario'),
  page('/Registro04FP', 'Registro04FP'),
  page('/Registro05Completo', 'Registro05Completo'),
  page('/Renovacion01Plan', 'Renovacion01Plan'),
  page('/Renovacion02TC', 'Renovacion02TC'),
  page('/Renovacion03FP', 'Renovacion03FP'),
  page('/Renovacion04Completo', 'Renovacion04Completo'),
];

import { registerMenuItem } from '../navigation.ts';

/**
 * The help pages in the Ayuda section of the insurer-area side menu (docs/spec-summary.md 002: "Help pages /guias
 * and /faq"). Tools live in the user drawer, not in the side menu.
 */
export const AYUDA_MENU = [
  { key: 'guias', label: 'Guías de Inicio Rápido', route: '/guias' },
  { key: 'faq', label: 'Preguntas Frecuentes', route: '/faq' },
  // The guided tours (decision 58); the old /videotutorial route shows the same page.
  { key: 'recorridos', label: 'Recorridos guiados', route: '/recorridos' },
  { key: 'manual-datos', label: 'Manual del archivo de datos', route: '/manual-datos' },
  { key: 'acerca-de', label: 'Acerca de', route: '/acerca-de' },
] as const;

for (const item of AYUDA_MENU) registerMenuItem({ ...item, area: 'auditoria', section: 'ayuda' });

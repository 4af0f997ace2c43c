import { PERFIL } from '../auth/profiles.ts';
import { registerMenuItem } from '../navigation.ts';

/** Administration screens in the side menu of the administration area (module 1). */
const PROCESOS: [string, string][] = [
  ['empresa', 'Empresas'],
  ['usuario', 'Usuarios'],
  ['persona', 'Personas'],
  ['medico', 'Médicos'],
  ['suscripcion', 'Suscripciones'],
  ['suscpago', 'Pagos de Suscripción'],
  ['asegurador', 'Aseguradores'],
  ['prestador', 'Prestadores'],
];

/** Session administration, for the subscription administrator (profile 1). */
const REPORTES: [string, string][] = [
  ['sesion', 'Sesiones'],
  ['sesionerr', 'Errores de Sesión'],
  ['accesosesion', 'Accesos por Sesión'],
  ['sesionesmes', 'Sesiones por Mes'],
  ['sesionesdia', 'Sesiones por Día'],
  ['sandbox-log', 'Bitácora Sandbox'],
];

for (const [key, label] of PROCESOS) {
  registerMenuItem({ area: 'admin', section: 'procesos', key, label, route: `/${key}` });
}
for (const [key, label] of REPORTES) {
  registerMenuItem({
    area: 'admin',
    section: 'reportes',
    key,
    label,
    route: `/${key}`,
    profiles: [PERFIL.ADMINISTRADOR],
  });
}

export const ADMIN_MENU_ROUTES = [...PROCESOS, ...REPORTES].map(([key]) => `/${key}`);

import { PERFIL } from '../auth/profiles.ts';
import { registerMenuItem } from '../navigation.ts';

/**
 * 'Observaciones por trámite' (docs/spec-summary.md 001 §2.7 'Observations per claim') in the Reportes section of the
 * insurer-area menu: an ID of procedure and a type open /observaciones-01/{idTramite}/{tipo}. The
 * per-procedure screens are reached from the procedure page ('Observaciones').
 */
export const MENU_OBSERVACIONES = {
  area: 'auditoria' as const,
  section: 'reportes' as const,
  key: 'observaciones-01',
  label: 'Observaciones por trámite',
  route: '/observaciones-01',
  profiles: [
    PERFIL.PRESTADOR,
    PERFIL.REVISOR,
    PERFIL.SUPERVISOR_AM,
    PERFIL.AUDITOR_AM,
    PERFIL.SUPERVISOR_GD,
    PERFIL.GESTOR_GD,
  ],
} as const;

registerMenuItem({ ...MENU_OBSERVACIONES, profiles: [...MENU_OBSERVACIONES.profiles] });

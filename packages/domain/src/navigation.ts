import { PERFIL, type SessionUser, type UserFlag } from './auth/profiles.ts';
import { CATALOGS, type CatalogArea, type CatalogSection } from './catalogs/index.ts';
import { VISTAS_TRAMITE, type VistaTramite } from './tramites/vistas.ts';

/** Module values of the session: 0 main menu, 1 administration, 5 insurer-side audit area. */
export const MODULO = { MENU: 0, ADMINISTRACION: 1, AUDITORIA: 5 } as const;
export type Modulo = (typeof MODULO)[keyof typeof MODULO];

export type MenuSectionKey = CatalogSection | 'ayuda';
export type MenuItem = { key: string; label: string; route: string; profiles?: readonly number[] };
export type MenuSection = {
  key: MenuSectionKey;
  label: string;
  flag: UserFlag;
  /** Administration area: shown but disabled when the flag is off. */
  disabled: boolean;
  items: MenuItem[];
};

const SECTION_META: Record<MenuSectionKey, { label: string; flag: UserFlag }> = {
  procesos: { label: 'Procesos', flag: 'menuProcesos' },
  reportes: { label: 'Reportes', flag: 'menuReportes' },
  parametros: { label: 'Parámetros', flag: 'menuParametros' },
  ayuda: { label: 'Ayuda', flag: 'menuAyuda' },
};

/** A procedure list's menu entry: its path and title are the list's (tramites/vistas.ts). */
const vistaItem = (
  vista: VistaTramite,
  profiles: readonly number[],
): MenuItem & { area: CatalogArea; section: MenuSectionKey } => ({
  area: 'auditoria',
  section: 'procesos',
  key: VISTAS_TRAMITE[vista].path.slice(1),
  label: VISTAS_TRAMITE[vista].title,
  route: VISTAS_TRAMITE[vista].path,
  profiles,
});

const PROC_ROUTES: Array<MenuItem & { area: CatalogArea; section: MenuSectionKey }> = [
  vistaItem('todos', [17, 19]),
  vistaItem('asignados', [17, 18, 19, 20]),
  vistaItem('procesados', [17, 19]),
  vistaItem('carga', [PERFIL.PRESTADOR]),
  {
    area: 'auditoria',
    section: 'procesos',
    key: 'integracion',
    label: 'Integración (API)',
    route: '/integracion',
    profiles: [PERFIL.PRESTADOR],
  },
  {
    area: 'auditoria',
    section: 'reportes',
    key: 'integracion-sandbox-log',
    label: 'Bitácora Sandbox',
    route: '/integracion/sandbox-log',
    profiles: [PERFIL.PRESTADOR],
  },
];

/** Extra entries registered by features (screens that are not plain catalogues). */
const EXTRA: Array<MenuItem & { area: CatalogArea; section: MenuSectionKey }> = [...PROC_ROUTES];

export function registerMenuItem(item: MenuItem & { area: CatalogArea; section: MenuSectionKey }) {
  if (!EXTRA.some((e) => e.key === item.key)) EXTRA.push(item);
}

function itemsFor(area: CatalogArea, section: MenuSectionKey, idPerfil: number): MenuItem[] {
  const fromCatalogs = Object.values(CATALOGS)
    .filter((c) => c.area === area && c.section === section)
    .map((c) => ({ key: c.name, label: c.title, route: `/${c.name}` }));
  const extra = EXTRA.filter(
    (e) => e.area === area && e.section === section && (!e.profiles || e.profiles.includes(idPerfil)),
  ).map(({ key, label, route, profiles }) => ({ key, label, route, profiles }));
  return [...extra, ...fromCatalogs].sort((a, b) => a.label.localeCompare(b.label, 'es'));
}

/**
 * Side menu of docs/spec-summary.md 002: Inicio, then Procesos, Reportes, Parámetros (and Ayuda in the insurer area).
 * In the administration area a section is disabled when its flag is off; in the insurer area it is
 * hidden unless its flag is on.
 */
export function buildMenu(user: Pick<SessionUser, UserFlag | 'idPerfil'>, modulo: Modulo): MenuSection[] {
  const area: CatalogArea = modulo === MODULO.ADMINISTRACION ? 'admin' : 'auditoria';
  const keys: MenuSectionKey[] =
    area === 'admin'
      ? ['procesos', 'reportes', 'parametros']
      : ['procesos', 'reportes', 'parametros', 'ayuda'];
  const out: MenuSection[] = [];
  for (const key of keys) {
    const meta = SECTION_META[key];
    const on = user[meta.flag];
    if (area === 'auditoria' && !on) continue;
    out.push({
      key,
      label: meta.label,
      flag: meta.flag,
      disabled: area === 'admin' && !on,
      items: itemsFor(area, key, user.idPerfil),
    });
  }
  return out;
}

export type HomeCard = {
  key: string;
  title: string;
  modulo: Modulo;
  links: { label: string; route: string }[];
};

/** Module chooser of docs/spec-summary.md 000 "Home / module chooser". */
/** A home card's link to a procedure list, under the list's title. */
const enlace = (vista: VistaTramite) => ({
  label: VISTAS_TRAMITE[vista].title,
  route: VISTAS_TRAMITE[vista].path,
});

export function homeCards(user: Pick<SessionUser, UserFlag | 'idPerfil'>): HomeCard[] {
  const cards: HomeCard[] = [];
  if (user.moduloAdministracion) {
    cards.push({
      key: 'administracion',
      title: 'Administración',
      modulo: MODULO.ADMINISTRACION,
      links: [{ label: 'Parámetros', route: '/tipoiden' }],
    });
  }
  if (user.moduloAuditoria) {
    const links =
      user.idPerfil === PERFIL.PRESTADOR
        ? [{ label: 'Trámites', route: VISTAS_TRAMITE.carga.path }]
        : [
            enlace('asignados'),
            ...(user.idPerfil === PERFIL.SUPERVISOR_AM || user.idPerfil === PERFIL.SUPERVISOR_GD
              ? [enlace('todos'), enlace('procesados')]
              : []),
          ];
    cards.push({ key: 'auditoria', title: 'Auditoría Médica', modulo: MODULO.AUDITORIA, links });
  }
  return cards;
}

/** The menu flag that guards a route, if any (the API checks the same flag). */
export function routeFlag(route: string): UserFlag | null {
  const name = route.replace(/^\//, '').split('/')[0];
  const cat = CATALOGS[name];
  return cat ? SECTION_META[cat.section].flag : null;
}

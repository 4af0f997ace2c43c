import { describe, expect, it } from 'vitest';
import { type Flags, USER_FLAGS } from './auth/profiles.ts';
import { buildMenu, homeCards, MODULO, routeFlag } from './navigation.ts';

const flags = (on: string[]): Flags =>
  Object.fromEntries(USER_FLAGS.map((f) => [f, on.includes(f)])) as Flags;

describe('menu from flags', () => {
  it('administration area: a section whose flag is off is disabled, not hidden', () => {
    const menu = buildMenu({ ...flags(['menuProcesos']), idPerfil: 1 }, MODULO.ADMINISTRACION);
    expect(menu.map((s) => [s.key, s.disabled])).toEqual([
      ['procesos', false],
      ['reportes', true],
      ['parametros', true],
    ]);
  });
  it('insurer area: a section is hidden unless its flag is on; Ayuda only there', () => {
    const menu = buildMenu({ ...flags(['menuProcesos', 'menuAyuda']), idPerfil: 18 }, MODULO.AUDITORIA);
    expect(menu.map((s) => s.key)).toEqual(['procesos', 'ayuda']);
    expect(menu[0].items.map((i) => i.route)).toEqual(['/tramite-asignados']);
  });
  it('procedure routes follow the profile', () => {
    const routes = (idPerfil: number) =>
      buildMenu({ ...flags(['menuProcesos']), idPerfil }, MODULO.AUDITORIA)[0]
        .items.map((i) => i.route)
        .sort();
    expect(routes(15)).toEqual(['/integracion', '/tramite-carga']);
    expect(routes(17)).toEqual(['/tramite', '/tramite-asignados', '/tramite-procesados']);
    expect(routes(20)).toEqual(['/tramite-asignados']);
  });
  it('parameters section lists the catalogues', () => {
    const params = buildMenu({ ...flags(['menuParametros']), idPerfil: 1 }, MODULO.ADMINISTRACION).find(
      (s) => s.key === 'parametros',
    );
    expect(params?.items.map((i) => i.route)).toContain('/tipoiden');
    expect(routeFlag('/tipoiden')).toBe('menuParametros');
    expect(routeFlag('/MenuPrincipal')).toBeNull();
  });
});

describe('home cards', () => {
  it('administration only with moduloAdministracion; provider sees Trámites', () => {
    expect(homeCards({ ...flags(['moduloAuditoria']), idPerfil: 15 })).toEqual([
      expect.objectContaining({ key: 'auditoria', links: [{ label: 'Trámites', route: '/tramite-carga' }] }),
    ]);
    const admin = homeCards({ ...flags(['moduloAdministracion', 'moduloAuditoria']), idPerfil: 1 });
    expect(admin.map((c) => c.key)).toEqual(['administracion', 'auditoria']);
  });
  it('supervisors also see Trámites and Trámites Procesados; operatives only the assigned ones', () => {
    const links = (idPerfil: number) =>
      homeCards({ ...flags(['moduloAuditoria']), idPerfil })[0].links.map((l) => l.label);
    expect(links(17)).toEqual(['Trámites Asignados', 'Trámites', 'Trámites Procesados']);
    expect(links(19)).toEqual(['Trámites Asignados', 'Trámites', 'Trámites Procesados']);
    expect(links(18)).toEqual(['Trámites Asignados']);
    expect(links(16)).toEqual(['Trámites Asignados']);
  });
});

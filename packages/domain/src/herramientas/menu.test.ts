import { describe, expect, it } from 'vitest';
import { type Flags, USER_FLAGS } from '../auth/profiles.ts';
import { buildMenu, MODULO } from '../navigation.ts';
import { AYUDA_MENU } from './menu.ts';

const flags = (on: string[]): Flags =>
  Object.fromEntries(USER_FLAGS.map((f) => [f, on.includes(f)])) as Flags;

describe('Ayuda menu', () => {
  it('lists the help pages in the insurer area for every profile with the Ayuda flag', () => {
    for (const idPerfil of [15, 17, 18, 20]) {
      const ayuda = buildMenu({ ...flags(['menuAyuda']), idPerfil }, MODULO.AUDITORIA).find(
        (s) => s.key === 'ayuda',
      );
      expect(ayuda?.items.map((i) => i.route).sort()).toEqual(AYUDA_MENU.map((i) => i.route).sort());
    }
  });
  it('stays out of the administration area', () => {
    const menu = buildMenu({ ...flags(['menuAyuda', 'menuProcesos']), idPerfil: 1 }, MODULO.ADMINISTRACION);
    expect(menu.some((s) => s.items.some((i) => i.route === '/guias'))).toBe(false);
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { type Flags, USER_FLAGS } from '@app/domain/auth/profiles';
import { RECORRIDOS, recorridoDePerfil } from '@app/domain/herramientas/preferencias';
import { homeCards } from '@app/domain/navigation';
import { describe, expect, it } from 'vitest';
import { buscarObjetivo } from './esperar.ts';
import { objetivoDe, pasosDe, RECORRIDOS_DEF, recorridosDePerfil, textoDe } from './recorridos.ts';

const PERFILES = [1, 15, 16, 17, 18, 19, 20];
const WEB_SRC = path.resolve(import.meta.dirname, '../../..');

/** Every `data-tour` the web's source writes: literal ones, and the main menu's per module card. */
function marcasEnElCodigo(): Set<string> {
  const marcas = new Set<string>();
  const recorrer = (dir: string) => {
    for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
      const f = path.join(dir, e.name);
      if (e.isDirectory()) recorrer(f);
      else if (/\.tsx?$/.test(e.name) && !e.name.endsWith('.test.ts')) {
        const src = fs.readFileSync(f, 'utf8');
        for (const m of src.matchAll(/data-tour="([^"]+)"/g)) marcas.add(m[1]);
        if (/data-tour=\{`modulo-\$\{card\.key\}`\}/.test(src)) {
          const todo = Object.fromEntries(USER_FLAGS.map((k) => [k, true])) as Flags;
          for (const c of homeCards({ ...todo, idPerfil: 1 })) marcas.add(`modulo-${c.key}`);
        }
      }
    }
  };
  recorrer(WEB_SRC);
  return marcas;
}

describe('guided tours (decision 58)', () => {
  it('every profile has the general tour and the tour of its work, offered on its first sign-in', () => {
    for (const p of PERFILES) {
      const keys = recorridosDePerfil(p).map((r) => r.key);
      expect(keys, `perfil ${p}`).toContain('general');
      const propio = recorridoDePerfil(p);
      expect(propio, `perfil ${p}`).not.toBeNull();
      expect(keys, `perfil ${p}`).toContain(propio);
    }
    expect(recorridoDePerfil(15)).toBe('prestador');
    expect(recorridoDePerfil(18)).toBe('auditoria');
    expect(recorridoDePerfil(1)).toBe('administracion');
    expect(Object.keys(RECORRIDOS_DEF).sort()).toEqual([...RECORRIDOS].sort());
  });

  it('every step has a title and a text for each profile that walks it, in Spanish with usted', () => {
    const tuteo = /\b(puedes|tienes|debes|quieres|necesitas|haz|tu|tus|ti|contigo)\b|\btú/i;
    for (const def of Object.values(RECORRIDOS_DEF))
      for (const p of def.perfiles) {
        const pasos = pasosDe(def, p);
        expect(pasos.length, `${def.key} ${p}`).toBeGreaterThanOrEqual(4);
        expect(new Set(pasos.map((s) => s.titulo)).size, `${def.key} ${p}`).toBe(pasos.length);
        for (const s of pasos) {
          const texto = textoDe(s, p);
          expect(texto.length, s.titulo).toBeGreaterThan(40);
          expect(`${s.titulo} ${texto}`, s.titulo).not.toMatch(tuteo);
        }
      }
  });

  it('the provider walks procedures → new → loads → upload → files → send; the audit reaches the review bar', () => {
    const titulos = (k: keyof typeof RECORRIDOS_DEF, p: number) =>
      pasosDe(RECORRIDOS_DEF[k], p).map((s) => s.titulo);
    expect(titulos('prestador', 15)).toEqual([
      'Sus trámites',
      'Nuevo trámite',
      'Un trámite por dentro',
      'Cargar el archivo de datos',
      'Las cargas y sus documentos',
      'Enviar el trámite',
      '¿Y ahora qué?',
      'La ayuda, siempre a mano',
    ]);
    for (const p of [16, 17, 18, 19, 20])
      expect(titulos('auditoria', p)).toEqual(
        expect.arrayContaining(['La barra de revisión', 'Atajos de teclado', 'Observaciones']),
      );
    // Sending observations to the provider is the supervisors' step.
    expect(titulos('auditoria', 17)).toContain('Enviar las observaciones y cerrar');
    expect(titulos('auditoria', 18)).not.toContain('Enviar las observaciones y cerrar');
  });

  it('every data-tour a step points at is written somewhere in the web (a removed mark fails here)', () => {
    const marcas = marcasEnElCodigo();
    const usadas = new Set<string>();
    for (const def of Object.values(RECORRIDOS_DEF))
      for (const p of def.perfiles)
        for (const s of pasosDe(def, p))
          for (const sel of objetivoDe(s, p))
            for (const m of sel.matchAll(/\[data-tour="([^"]+)"\]/g)) usadas.add(m[1]);
    expect(usadas.size).toBeGreaterThan(10);
    expect([...usadas].filter((m) => !marcas.has(m))).toEqual([]);
  });

  it('points at the first selector that shows, in order', () => {
    const el = (w: number) =>
      ({ getBoundingClientRect: () => ({ width: w, height: w }) }) as unknown as Element;
    const oculto = el(0);
    const visible = el(10);
    const doc = {
      querySelectorAll: (s: string) =>
        (s === '#a' ? [oculto] : s === '#b' ? [oculto, visible] : []) as unknown as NodeListOf<Element>,
    };
    expect(buscarObjetivo(['#a', '#b'], doc)).toBe(visible);
    expect(buscarObjetivo(['#a', '#c'], doc)).toBeNull();
  });
});

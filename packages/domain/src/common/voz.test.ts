import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * One voice for every text a person reads (issue 14 §4): usted, never tú; Spanish exclamations open
 * with '¡'; 'Inténtelo' with its accent; a required field 'es obligatorio', never 'no puede ser nulo';
 * no '(a)' for a gender the code knows. The texts live in packages/domain's messages and in the web's
 * components; this walks every string literal of the product's source, so a new text is checked the
 * day it is written.
 */

const ROOT = path.resolve(import.meta.dirname, '../../../..');
const CARPETAS = ['packages/domain/src', 'apps/web/src', 'apps/api/src'];

function* fuentes(dir: string): Generator<string> {
  for (const e of fs.readdirSync(dir, { withFileTypes: true })) {
    const p = path.join(dir, e.name);
    if (e.isDirectory()) {
      if (e.name === 'migrations' || e.name === 'data' || e.name.startsWith('dist')) continue;
      yield* fuentes(p);
    } else if (/\.(ts|tsx)$/.test(e.name) && !/\.test\.tsx?$/.test(e.name) && !e.name.endsWith('.d.ts'))
      yield p;
  }
}

/** The string literals of a source file ('…', "…", `…` without their ${} parts), comments left out. */
function literales(texto: string): string[] {
  const sinComentarios = texto.replace(/\/\*[\s\S]*?\*\//g, '').replace(/(^|[^:'"`\\])\/\/.*$/gm, '$1');
  const out: string[] = [];
  const re = /'((?:[^'\\\n]|\\.)*)'|"((?:[^"\\\n]|\\.)*)"|`((?:[^`\\]|\\.)*)`/g;
  for (const m of sinComentarios.matchAll(re))
    out.push((m[1] ?? m[2] ?? m[3] ?? '').replace(/\$\{[^}]*\}/g, '…'));
  return out;
}

/** Only what reads as Spanish prose: a letter-bearing text with a space. */
const esProsa = (s: string) =>
  /[a-záéíóúñ]{2,} [a-záéíóúñ¿¡]/i.test(s) || /^[A-ZÁÉÍÓÚ][a-záéíóúñ]+!$/.test(s);

const REGLAS: { nombre: string; mal: RegExp }[] = [
  { nombre: "'no puede ser nulo' (diga 'es obligatorio')", mal: /no puede ser nulo/i },
  { nombre: "'(a)' en lugar del género", mal: /[a-záéíóú]\(a\)/i },
  { nombre: "'Intentelo' sin tilde", mal: /\bIntentelo\b/i },
  {
    nombre: 'tuteo (use usted)',
    mal: /\b(deseas|puedes|tienes|intenta de nuevo|inténtalo|ingresa tu|selecciona tu|revisa tu|verifica tu|tu contraseña|tu sesión|tu cuenta)\b/i,
  },
  { nombre: "'!' sin '¡' de apertura", mal: /^[^¡]*[^\s!=]!(\s|$)/ },
];

describe('one voice for the texts people read', () => {
  const hallazgos: string[] = [];
  for (const carpeta of CARPETAS)
    for (const f of fuentes(path.join(ROOT, carpeta)))
      for (const lit of literales(fs.readFileSync(f, 'utf8')))
        if (esProsa(lit))
          for (const r of REGLAS)
            if (r.mal.test(lit))
              hallazgos.push(`${path.relative(ROOT, f)}: ${r.nombre}: ${lit.slice(0, 90)}`);

  it('no text breaks the catalogue’s rules', () => {
    expect(hallazgos).toEqual([]);
  });
});

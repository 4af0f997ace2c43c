import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/*
 * One writer of the procedure state (issue 12 §2, docs/decisions.md): nothing in the API but
 * features/workflow/service.ts writes tramite.estado_tramite. Tests, migrations, the demo seed and
 * test support (apps/api/src/test/, *fixtures.ts, test-*.ts) are not the application and are left out.
 */

const SRC = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const SERVICIO = path.join('features', 'workflow', 'service.ts');
const INSERT = path.join('features', 'tramites', 'insert.ts');

function fuentes(dir = SRC): string[] {
  return fs.readdirSync(dir, { withFileTypes: true }).flatMap((e) => {
    const p = path.join(dir, e.name);
    const rel = path.relative(SRC, p);
    if (e.isDirectory())
      return ['migrations', 'seed', 'test', 'node_modules'].includes(e.name) ? [] : fuentes(p);
    const soporte = e.name.endsWith('.test.ts') || /fixtures\.ts$/.test(e.name) || e.name.startsWith('test-');
    if (!e.name.endsWith('.ts') || soporte) return [];
    return [rel];
  });
}

const KEYWORD = /\b(SET|WHERE|AND|OR|ON|WHEN|THEN|ELSE|HAVING|FILTER|SELECT|RETURNING|CASE)\b/g;

/** The places in `src` that write estado_tramite (SQL or Drizzle), with a snippet each. */
export function escriturasEstado(src: string): string[] {
  const out: string[] = [];
  const snippet = (i: number) => src.slice(Math.max(0, i - 60), i + 60).replace(/\s+/g, ' ');
  // `estado_tramite = …` whose last SQL keyword before it is SET, or that starts a string (sets.push).
  for (const m of src.matchAll(/(\w+\.)?estado_tramite\s*=(?!=)/g)) {
    if (m[1]) continue; // qualified (t.estado_tramite): a condition; SET takes bare columns
    const antes = src.slice(Math.max(0, (m.index ?? 0) - 400), m.index);
    const palabras = [...antes.matchAll(KEYWORD)];
    const ultima = palabras.at(-1);
    const inicioCadena = /[`'"]\s*$/.test(antes);
    if (inicioCadena || ultima?.[1] === 'SET') out.push(snippet(m.index ?? 0));
  }
  // A SET list built at run time cannot be read here: only the service may do that to tramite.
  for (const m of src.matchAll(/UPDATE\s+tramite\b[^`]*?SET\s+\$\{/g)) out.push(snippet(m.index ?? 0));
  // Drizzle.
  for (const m of src.matchAll(/\.update\(\s*tramite\s*\)[\s\S]{0,200}?estadoTramite/g))
    out.push(snippet(m.index ?? 0));
  return out;
}

/** `INSERT INTO tramite (…, estado_tramite, …)`: a new procedure starts REGISTRADO (only insert.ts may name it). */
export function insercionesConEstado(src: string): string[] {
  return [...src.matchAll(/INSERT\s+INTO\s+tramite\s*\(([^)]*)\)/g)]
    .filter((m) => /\bestado_tramite\b/.test(m[1]))
    .map((m) => m[0].replace(/\s+/g, ' ').slice(0, 120));
}

describe('one writer of the procedure state', () => {
  it('the detector finds the writers this refactor removed, and no reads', () => {
    const escritores = [
      "`UPDATE tramite SET estado_tramite = 'CARGADO', version = version + 1, fecha_act = now() WHERE id_tramite = $1`",
      "`UPDATE tramite SET version = version + 1, estado_tramite = 'EN PROCESO' WHERE id_tramite = $1`",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: source text to scan
      "sets.push(`estado_tramite = '${tr.hacia}'`);",
      // biome-ignore lint/suspicious/noTemplateCurlyInString: source text to scan
      'await tx.query(`UPDATE tramite SET ${sets.join(", ")} WHERE id_tramite = $1`, []);',
      'await db.update(tramite).set({ estadoTramite: "ENVIADO" })',
    ];
    for (const e of escritores) expect(escriturasEstado(e), e).toHaveLength(1);
    const lecturas = [
      '`SELECT estado_tramite AS estado FROM tramite WHERE id_tramite = $1 FOR UPDATE`',
      '{ sql: `t.estado_tramite = ANY($${n}::text[])`, params }',
      "`UPDATE tramite SET tiene_apr = 1 WHERE id_tramite = $1 AND estado_tramite = 'RECIBIDO'`",
      "`SELECT 1 FROM tramite t WHERE t.id_tramite = $1 AND t.estado_tramite <> 'FINALIZADO'`",
      "`UPDATE carga SET obs = 'x' WHERE id_tramite IN (SELECT id_tramite FROM tramite WHERE estado_tramite = 'CARGADO')`",
    ];
    for (const l of lecturas) expect(escriturasEstado(l), l).toEqual([]);
    expect(insercionesConEstado('INSERT INTO tramite (numero, estado_tramite) VALUES ($1, $2)')).toHaveLength(
      1,
    );
    expect(insercionesConEstado('INSERT INTO tramite (numero, descripcion) VALUES ($1, $2)')).toEqual([]);
  });

  it('nothing in the API but the workflow service writes tramite.estado_tramite', () => {
    const archivos = fuentes();
    expect(archivos).toContain(SERVICIO);
    expect(archivos.length).toBeGreaterThan(50);
    const hallados: string[] = [];
    for (const rel of archivos) {
      if (rel === SERVICIO) continue;
      const src = fs.readFileSync(path.join(SRC, rel), 'utf8');
      for (const s of escriturasEstado(src)) hallados.push(`${rel}: ${s}`);
      if (rel !== INSERT) for (const s of insercionesConEstado(src)) hallados.push(`${rel}: ${s}`);
    }
    expect(hallados).toEqual([]);
    expect(escriturasEstado(fs.readFileSync(path.join(SRC, SERVICIO), 'utf8')).length).toBeGreaterThan(0);
  });

  it('a new procedure starts REGISTRADO: only the demo seed passes another state to insertTramite', () => {
    expect(fs.readFileSync(path.join(SRC, INSERT), 'utf8')).toContain("t.estado ?? 'REGISTRADO'");
    const hallados: string[] = [];
    for (const rel of fuentes()) {
      const src = fs.readFileSync(path.join(SRC, rel), 'utf8');
      for (const m of src.matchAll(/insertTramite\(\s*\w+\s*,\s*\{([\s\S]*?)\}\s*\)/g)) {
        if (/\bestado\s*:/.test(m[1])) hallados.push(rel);
      }
    }
    expect(hallados).toEqual([]);
  });
});

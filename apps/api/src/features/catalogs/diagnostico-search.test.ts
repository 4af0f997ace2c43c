import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, DEMO, type TestContext } from '../../test/helpers.ts';

let t: TestContext;
let headers: { authorization: string };
beforeAll(async () => {
  t = await createTestContext();
  headers = await t.auth(DEMO.auditorAm);
});
afterAll(async () => t?.close());

type PlanNode = { 'Node Type': string; 'Relation Name'?: string; 'Index Name'?: string; Plans?: PlanNode[] };

/** Every scan of a JSON plan: 'Seq Scan on diagnostico', 'Bitmap Index Scan diagnostico_nombre_trgm', ... */
function scansOf(node: PlanNode): string[] {
  const own = node['Relation Name']
    ? [`${node['Node Type']} on ${node['Relation Name']}`]
    : node['Index Name']
      ? [`${node['Node Type']} ${node['Index Name']}`]
      : [];
  return [...own, ...(node.Plans ?? []).flatMap(scansOf)];
}

type Diag = { idDiagnostico: number; codigo: string; codigoPunto: string; nombre: string };

async function search(q: string, extra = ''): Promise<{ items: Diag[]; total: number }> {
  const res = await t.app.inject({
    url: `/api/v1/catalogos/diagnostico?q=${encodeURIComponent(q)}${extra}`,
    headers,
  });
  expect(res.statusCode, res.body).toBe(200);
  return res.json();
}

describe('CIE-10 search of the diagnostico catalogue (14,212 codes)', () => {
  it('finds a code with or without the dot, in any case', async () => {
    for (const q of ['J18.1', 'J181', 'j18.1', ' j181 ']) {
      const { items } = await search(q);
      expect(items[0], q).toMatchObject({
        codigo: 'J181',
        codigoPunto: 'J18.1',
        nombre: 'Neumonía lobar, no especificada',
      });
    }
    // A prefix lists the whole family, the code itself first.
    const fam = await search('J18');
    expect(fam.items.map((d) => d.codigoPunto)).toEqual(['J18', 'J18.0', 'J18.1', 'J18.2', 'J18.8', 'J18.9']);
  });

  it('ignores the X padding: A09X and A09.X find A09', async () => {
    for (const q of ['A09X', 'a09.x', 'A09']) expect((await search(q)).items[0].codigo, q).toBe('A09');
  });

  it('finds every word of the description regardless of accents, case and order', async () => {
    for (const q of ['neumonia lobar', 'NEUMONÍA LOBAR', 'Lobar Neumonía', 'lobar neumo']) {
      const { items } = await search(q);
      expect(
        items.map((d) => d.codigoPunto),
        q,
      ).toContain('J18.1');
      for (const d of items)
        expect(
          d.nombre
            .normalize('NFD')
            .replace(/[\u0300-\u036f]/g, '')
            .toLowerCase(),
          q,
        ).toMatch(/lobar/);
    }
    // All words must match: a word found nowhere empties the list.
    expect((await search('neumonia lobar zzzz')).total).toBe(0);
    expect((await search('diarrea gastroenteritis')).items.map((d) => d.codigo)).toContain('A09');
  });

  it('answers in under 50 ms: the database work, and the whole request at its best', async () => {
    // The list statement the API runs, captured to time it inside the database as well.
    const original = t.database.query.bind(t.database);
    let captured: { sql: string; params: unknown[] } | null = null;
    t.database.query = (async (sql: string, params?: unknown[]) => {
      if (sql.includes('encontrados') && sql.includes('FROM diagnostico'))
        captured = { sql, params: params ?? [] };
      return original(sql, params);
    }) as typeof t.database.query;

    const queries = ['J18.1', 'J181', 'A09X', 'neumonia lobar', 'diarrea', 'tumor maligno', 'de'];
    const figures: Record<string, { db: number; min: number; median: number; cpu: number; total: number }> =
      {};
    const plans: Record<string, string> = {};
    const r1 = (n: number) => Math.round(n * 10) / 10;
    try {
      for (const q of queries) {
        await search(q); // warm-up (plan cache, index pages)
        const times: number[] = [];
        const cpu: number[] = [];
        let total = 0;
        for (let i = 0; i < 20; i++) {
          const c0 = process.cpuUsage();
          const start = performance.now();
          total = (await search(q)).total;
          times.push(performance.now() - start);
          const c = process.cpuUsage(c0);
          cpu.push((c.user + c.system) / 1000);
        }
        times.sort((a, b) => a - b);
        cpu.sort((a, b) => a - b);
        const { sql, params } = captured ?? { sql: '', params: [] };
        const db: number[] = [];
        for (let i = 0; i < 5; i++) {
          const plan = await original<Record<string, unknown>>(
            `EXPLAIN (ANALYZE, FORMAT JSON) ${sql}`,
            params,
          );
          const json = Object.values(plan[0])[0];
          const p = (typeof json === 'string' ? JSON.parse(json) : json) as Array<Record<string, number>>;
          db.push(p[0]['Planning Time'] + p[0]['Execution Time']);
          if (i === 0) plans[q] = JSON.stringify(p);
        }
        db.sort((a, b) => a - b);
        figures[q] = { db: r1(db[2]), min: r1(times[0]), median: r1(times[10]), cpu: r1(cpu[10]), total };
      }
    } finally {
      t.database.query = original;
    }
    // db: planning + execution inside the database (median of 5). min / median: the whole HTTP
    // request (session check included) as a client sees it. cpu: this process's CPU per request; on
    // PGlite the database runs in this process, so it is the whole cost of a request whatever else
    // the machine runs. Wall-clock figures on a loaded machine mostly measure waiting for a core, so
    // the bound is checked on the load-independent figure of each engine, and the plans must use
    // the indexes (a sequential scan is what would break the budget as the catalogue grows).
    const engine = process.env.DATABASE_URL || process.env.TEST_DATABASE_URL ? 'PostgreSQL' : 'PGlite';
    console.info(`CIE-10 search on ${engine} (ms):`, JSON.stringify(figures));
    for (const [q, f] of Object.entries(figures)) {
      if (q === 'de') continue; // two letters: no trigram to use, every row is read (reported, not bounded)
      expect(engine === 'PGlite' ? f.cpu : f.db, q).toBeLessThan(50);
      const scans = scansOf(JSON.parse(plans[q])[0].Plan);
      expect(scans, q).not.toContain('Seq Scan on diagnostico');
      expect(
        scans.some((n) => /diagnostico_(nombre_trgm|codigo_trgm|codigo_unique)/.test(n)),
        q,
      ).toBe(true);
    }
  });
});

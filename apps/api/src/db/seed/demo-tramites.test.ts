import crypto from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { storageFor } from '../../lib/storage/index.ts';
import { createTestContext, DEMO, type TestContext } from '../../test/helpers.ts';
import { DEMO_SIN_DOCUMENTOS, documentoPdf, seedDemoArchivos } from './demo-archivos.ts';
import { seedDemoTramites } from './demo-tramites.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
  await t.database.transaction(async (tx) => {
    await seedDemoTramites(tx, new Date('2026-11-22T15:00:00Z'));
    await seedDemoArchivos(tx, storageFor(t.config));
  });
});
afterAll(async () => t?.close());

describe('demo procedures of npm start', () => {
  it('one procedure in each state a team meets first, with organised attentions', async () => {
    const rows = await t.database.query<{ estado: string; planillas: number; duplicadas: number }>(
      `SELECT t.estado_tramite AS estado, count(p.id_planilla)::int AS planillas,
              count(*) FILTER (WHERE p.duplicada = 1)::int AS duplicadas
         FROM tramite t LEFT JOIN planilla p ON p.id_tramite = t.id_tramite GROUP BY 1 ORDER BY 1`,
    );
    expect(rows).toEqual([
      { estado: 'EN PROCESO', planillas: 60, duplicadas: 0 },
      { estado: 'ENVIADO', planillas: 41, duplicadas: 2 },
      { estado: 'FINALIZADO', planillas: 15, duplicadas: 0 },
      { estado: 'REGISTRADO', planillas: 0, duplicadas: 0 },
    ]);
  });

  it('the auditor sees the procedure under review with its assigned, partly reviewed attentions', async () => {
    const headers = await t.auth(DEMO.auditorAm);
    const list = await t.app.inject({
      method: 'GET',
      url: '/api/v1/tramites?vista=asignados',
      headers,
    });
    expect(list.statusCode).toBe(200);
    const enProceso = list
      .json()
      .items.find((x: { estadoTramite: string }) => x.estadoTramite === 'EN PROCESO');
    expect(enProceso).toBeDefined();
    const pendientes = await t.app.inject({
      method: 'GET',
      url: `/api/v1/planillas?idTramite=${enProceso.idTramite}&vista=PENDIENTES`,
      headers,
    });
    expect(pendientes.statusCode).toBe(200);
    expect(pendientes.json().total).toBe(52);
  });

  it('periods are last month and the one before, in Guayaquil', async () => {
    const rows = await t.database.query<{ desde: string; hasta: string }>(
      `SELECT fecha_desde::text AS desde, fecha_hasta::text AS hasta FROM tramite ORDER BY id_tramite`,
    );
    expect(rows.map((r) => `${r.desde}..${r.hasta}`)).toEqual([
      '2026-11-01..2026-11-30',
      '2026-10-01..2026-10-31',
      '2026-09-01..2026-09-14',
      '2026-09-01..2026-09-30',
    ]);
  });
});

/** Checks a PDF's structure as a reader does: header, every cross-reference offset, stream length, end. */
function checkPdf(pdf: Buffer) {
  const text = pdf.toString('latin1');
  expect(text.startsWith('%PDF-1.4\n')).toBe(true);
  expect(text.endsWith('%%EOF\n')).toBe(true);
  const startxref = Number(/startxref\n(\d+)\n%%EOF\n$/.exec(text)?.[1]);
  expect(text.slice(startxref, startxref + 5)).toBe('xref\n');
  const [, first, count] = /^xref\n(\d+) (\d+)\n/.exec(text.slice(startxref)) ?? [];
  expect(Number(first)).toBe(0);
  const entries = text
    .slice(startxref)
    .split('\n')
    .slice(2, 2 + Number(count));
  expect(entries[0]).toBe('0000000000 65535 f ');
  entries.slice(1).forEach((e, i) => {
    expect(e).toMatch(/^\d{10} 00000 n $/);
    const at = Number(e.slice(0, 10));
    expect(text.slice(at, at + `${i + 1} 0 obj`.length)).toBe(`${i + 1} 0 obj`);
  });
  const length = Number(/\/Length (\d+) >>\nstream\n/.exec(text)?.[1]);
  const start = text.indexOf('stream\n') + 'stream\n'.length;
  expect(text.slice(start + length, start + length + '\nendstream'.length)).toBe('\nendstream');
}

describe('demo documents of npm start', () => {
  it('every attention sent or under review has its report (and every fifth a prescription), but the last six under review', async () => {
    const rows = await t.database.query<{
      estado: string;
      planillas: number;
      conArchivos: number;
      archivos: number;
    }>(
      `SELECT t.estado_tramite AS estado, count(DISTINCT p.id_planilla)::int AS planillas,
              count(DISTINCT a.id_planilla)::int AS "conArchivos", count(a.id_archivo_pla)::int AS archivos
         FROM tramite t JOIN planilla p ON p.id_tramite = t.id_tramite
         LEFT JOIN archivo_pla a ON a.id_planilla = p.id_planilla
        GROUP BY 1 ORDER BY 1`,
    );
    expect(rows).toEqual([
      { estado: 'EN PROCESO', planillas: 60, conArchivos: 60 - DEMO_SIN_DOCUMENTOS, archivos: 54 + 10 },
      { estado: 'ENVIADO', planillas: 41, conArchivos: 41, archivos: 41 + 8 },
      { estado: 'FINALIZADO', planillas: 15, conArchivos: 15, archivos: 15 + 3 },
    ]);
  });

  it('are real PDFs, stored with their size and SHA-256, that the auditor downloads through the API', async () => {
    const headers = await t.auth(DEMO.auditorAm);
    const [a] = await t.database.query<{
      id: number;
      nombre: string;
      numero: string;
      nombrePaciente: string;
      tamano: string;
      hash: string;
    }>(
      `SELECT a.id_archivo_pla AS id, a.nombre, p.numero, p.nombre AS "nombrePaciente", a.tamano, a.hash
         FROM archivo_pla a JOIN planilla p ON p.id_planilla = a.id_planilla
         JOIN tramite t ON t.id_tramite = a.id_tramite
        WHERE t.estado_tramite = 'EN PROCESO' ORDER BY p.numero, a.nombre LIMIT 1`,
    );
    expect(a.nombre).toBe(`${a.numero}-informe.pdf`);
    const res = await t.app.inject({ method: 'GET', url: `/api/v1/archivos-pla/${a.id}/contenido`, headers });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toContain('application/pdf');
    const pdf = res.rawPayload;
    expect(pdf.length).toBe(Number(a.tamano));
    expect(crypto.createHash('sha256').update(pdf).digest('hex')).toBe(a.hash);
    checkPdf(pdf);
    // The patient's name in Latin-1 (WinAnsi) inside the page's text.
    expect(pdf.toString('latin1')).toContain(`(Paciente: ${a.nombrePaciente}`);
  });

  it('writes text with parentheses, backslashes and accents safely', () => {
    const pdf = documentoPdf([{ texto: 'Ñandú (a\\b) – ok €' }]);
    checkPdf(pdf);
    expect(pdf.toString('latin1')).toContain('(Ñandú \\(a\\\\b\\) - ok ?) Tj');
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, DEMO, type TestContext } from '../../test/helpers.ts';
import { seedDemoTramites } from './demo-tramites.ts';

let t: TestContext;
beforeAll(async () => {
  t = await createTestContext();
  await t.database.transaction((tx) => seedDemoTramites(tx, new Date('2026-11-22T15:00:00Z')));
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

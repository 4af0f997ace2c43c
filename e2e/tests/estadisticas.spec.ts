import { expect, type Page, test } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import { filasEstadistica, login, pickOption } from './helpers.ts';

/*
 * The report pages of spec 001 §2.5 (issue 15 item 3, decision 66): the chart is drawn (ECharts' SVG with
 * its legend), the table beside it, a filter in the URL changes the figures, the export downloads the
 * table; the provider gets the 403 page; the session chart of the administration uses the same chart.
 */

/** The chart of a page: the element named by the question it answers, with ECharts' SVG inside. */
const grafico = (page: Page, pregunta: string) => page.getByRole('img', { name: pregunta });

/** Rows the table shows: the API's, ten to a page, plus the header. */
const filasVisibles = (n: number) => Math.min(n, 10) + 1;

test('report pages: chart with legend, table, a filter changes the figures, CSV export', async ({ page }) => {
  test.setTimeout(120_000);
  // ECharts is a chunk of its own: a page without a chart never downloads it.
  const scripts: string[] = [];
  page.on('request', (r) => {
    if (r.resourceType() === 'script') scripts.push(new URL(r.url()).pathname);
  });
  const echarts = () => scripts.filter((s) => /\/assets\/grafico-[A-Za-z0-9_-]{8}\.js$/.test(s));
  await login(page, 'supervisor.am@demo.ec');
  await page.goto('/tramite');
  await expect(page.getByRole('table')).toBeVisible();
  expect(echarts(), 'a list page loads no chart code').toEqual([]);

  // Procedures per month and state: one legend entry per state of the demo procedures.
  await page.goto('/tramites-por-fecha');
  await expect(page.getByRole('heading', { name: 'Trámites por fecha' })).toBeVisible();
  const porEstado = grafico(page, '¿Cuántos trámites hay de cada mes y en qué estado están?');
  await expect(porEstado.locator('svg')).toBeVisible();
  expect(echarts()).toHaveLength(1);
  for (const estado of ['REGISTRADO', 'ENVIADO', 'EN PROCESO', 'FINALIZADO'])
    await expect(porEstado.locator('svg text', { hasText: estado }).first()).toBeVisible();
  // The figures depend on what the earlier journeys did to the demo data: the table shows the API's rows
  // (the demo's four month/state rows at least).
  const tabla = page.getByRole('table');
  const todas = await filasEstadistica(page, 'tramites-por-fecha');
  expect(todas.length).toBeGreaterThanOrEqual(4);
  await expect(tabla.getByRole('row')).toHaveCount(filasVisibles(todas.length));

  // A filter: the state FINALIZADO; the URL keeps it, the figures change to the finalized procedures only
  // (the demo's of September 2026 among them).
  await page.getByRole('combobox', { name: 'Estado del trámite' }).click();
  await pickOption(page, 'FINALIZADO');
  await expect(page).toHaveURL(/estado=FINALIZADO/);
  const finalizados = await filasEstadistica(page, 'tramites-por-fecha', { estado: 'FINALIZADO' });
  expect(finalizados.length).toBeLessThan(todas.length);
  expect(finalizados.every((f) => f.estado === 'FINALIZADO')).toBe(true);
  await expect(tabla.getByRole('row')).toHaveCount(filasVisibles(finalizados.length));
  await expect(tabla.getByRole('row').filter({ hasText: 'Septiembre 2026' })).toHaveCount(1);
  await expect(porEstado.locator('svg text', { hasText: 'REGISTRADO' })).toHaveCount(0);

  // Money per provider and month: the three measures in the legend; the provider filter.
  await page.goto('/tramites-estadisticas');
  const dinero = grafico(page, '¿Cuánto se reclamó, aprobó y objetó cada mes?');
  for (const serie of ['Reclamado', 'Aprobado', 'Objetado'])
    await expect(dinero.locator('svg text', { hasText: serie }).first()).toBeVisible();
  await expect(page.getByRole('table').getByText('CLÍNICA SANTA MARÍA').first()).toBeVisible();
  await page.getByRole('combobox', { name: 'Prestador' }).click();
  await pickOption(page, 'HOSPITAL DEL VALLE');
  await expect(page).toHaveURL(/idPrestador=\d+/);
  await expect(page.getByRole('table').getByText('CLÍNICA SANTA MARÍA')).toHaveCount(0);
  await expect(page.getByRole('table').getByText('HOSPITAL DEL VALLE').first()).toBeVisible();

  // The table as CSV, with the same filter.
  const descarga = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Exportar CSV' }).click();
  const archivo = await descarga;
  expect(archivo.suggestedFilename()).toMatch(/^tramites-estadisticas_\d{4}-\d{2}-\d{2}\.csv$/);
  const csv = await (await archivo.createReadStream()).toArray();
  const filas = parse(
    Buffer.concat(csv)
      .toString('utf8')
      .replace(/^\uFEFF/, ''),
    { delimiter: ';' },
  ) as string[][];
  expect(filas[0]).toEqual([
    'Mes',
    'Prestador',
    'Atenciones',
    'Reclamado',
    'Aprobado',
    'Objetado',
    'Objetado (%)',
  ]);
  expect(filas.slice(1).every((f) => f[1] === 'HOSPITAL DEL VALLE')).toBe(true);

  // Days in each state: median and p90 series.
  await page.goto('/tramites-tiempo-proceso');
  const tiempo = grafico(page, '¿Cuántos días pasa un trámite en cada estado?');
  await expect(tiempo.locator('svg text', { hasText: 'Mediana (días)' }).first()).toBeVisible();
  await expect(tiempo.locator('svg text', { hasText: 'Percentil 90 (días)' }).first()).toBeVisible();
});

test('the provider gets the 403 page; the administrator’s session chart uses the same chart', async ({
  page,
}) => {
  await login(page, 'prestador@demo.ec');
  await page.goto('/tramites-avance');
  await expect(page.locator('.ant-result-403')).toBeVisible();

  await login(page, 'admin@demo.ec');
  await page.goto('/sesionesmes');
  const sesiones = page.getByRole('img', { name: /¿Cuántas sesiones se iniciaron cada mes/ });
  await expect(sesiones.locator('svg')).toBeVisible();
  await expect(sesiones.locator('svg text', { hasText: 'Sesiones' }).first()).toBeVisible();
});

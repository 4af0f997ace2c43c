import fs from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { login, sessionToken } from './helpers.ts';

type Fila = { idPlanilla: number; numero: string; cedula: string; nombre: string };

/** A view of the segmented control (its radio inputs are hidden; the label takes the click). */
const vista = (page: Page, nombre: string) =>
  page.locator('label.ant-segmented-item', { hasText: new RegExp(`^${nombre}$`) });

/** The demo procedure under review (EN PROCESO, with organised attentions), and a few of its attentions. */
async function tramiteEnProceso(page: Page) {
  const headers = { authorization: `Bearer ${await sessionToken(page)}` };
  const list = await page.request.get('/api/v1/tramites?vista=todos&estado=EN%20PROCESO&pageSize=50', {
    headers,
  });
  expect(list.ok(), await list.text()).toBe(true);
  const tramites = (await list.json()).items as Array<{ idTramite: number; numPlanillas: number }>;
  const t = tramites.find((x) => x.numPlanillas > 10);
  expect(t, 'the demo seed has a procedure EN PROCESO with attentions').toBeDefined();
  const pl = await page.request.get(`/api/v1/planillas?idTramite=${t!.idTramite}&pageSize=20`, { headers });
  const body = (await pl.json()) as { items: Fila[]; total: number };
  const objetivo = body.items[3];
  const con = await page.request.get(
    `/api/v1/planillas?idTramite=${t!.idTramite}&cedula=${objetivo.cedula}&pageSize=100`,
    { headers },
  );
  const mismas = ((await con.json()) as { total: number }).total;
  return { idTramite: t!.idTramite, objetivo, mismas, total: body.total };
}

test('the AM supervisor filters the attentions of a procedure by cédula, reloads, exports CSV', async ({
  page,
}) => {
  await login(page, 'supervisor.am@demo.ec');
  const { idTramite, objetivo, mismas, total } = await tramiteEnProceso(page);

  await page.goto(`/tramiteform/${idTramite}?tab=atenciones`);
  const tabla = page.getByRole('table', { name: 'Atenciones médicas' });
  await expect(tabla).toBeVisible();
  await expect(page.getByText(`Total: ${total.toLocaleString('de-DE')} registros`)).toBeVisible();
  // 10 per page with the spec's paging.
  await expect(tabla.locator('tbody tr.dt-row-open')).toHaveCount(10);
  await expect(page.getByRole('button', { name: 'Primera' })).toBeDisabled();
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page).toHaveURL(/pl\.page=2/);
  await expect(page.getByText(/Página 2 de \d+/)).toBeVisible();

  // Estado AM is shown to the AM supervisor, Estado GD is not.
  await expect(tabla.getByRole('columnheader', { name: 'Estado AM' })).toBeVisible();
  await expect(tabla.getByRole('columnheader', { name: 'Estado GD' })).toHaveCount(0);

  // Filter by cédula (Enter runs it): the view becomes Filtros and the URL keeps the filter.
  await page.getByRole('textbox', { name: 'Cédula', exact: true }).fill(objetivo.cedula);
  await page.getByRole('textbox', { name: 'Cédula', exact: true }).press('Enter');
  await expect(page).toHaveURL(new RegExp(`pl\\.cedula=${objetivo.cedula}`));
  await expect(page).toHaveURL(/pl\.vista=FILTROS/);
  await expect(page).not.toHaveURL(/pl\.page=/);
  await expect(tabla.locator('tbody tr.dt-row-open')).toHaveCount(mismas);
  await expect(tabla.getByRole('cell', { name: objetivo.nombre }).first()).toBeVisible();

  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Cédula', exact: true })).toHaveValue(objetivo.cedula);
  await expect(page.getByRole('radio', { name: 'Filtros' })).toBeChecked();
  await expect(tabla.locator('tbody tr.dt-row-open')).toHaveCount(mismas);
  await expect(tabla.getByRole('cell', { name: objetivo.numero, exact: true })).toBeVisible();

  // Summary of the row (Opciones → Resumen): Información with 'N/A' for the empty hours.
  await page.getByRole('button', { name: `Opciones de la atención ${objetivo.numero}` }).click();
  await page.getByRole('menuitem', { name: 'Resumen' }).click();
  const modal = page.getByRole('dialog', { name: `Resumen de la atención ${objetivo.numero}` });
  await expect(modal.getByText(objetivo.cedula)).toBeVisible();
  await expect(modal.getByText('N/A').first()).toBeVisible();
  await modal.getByRole('tab', { name: /Archivos/ }).click();
  // The demo documents: each attention's report, named as a provider's folder names it.
  await expect(modal.getByText(`${objetivo.numero}-informe.pdf`)).toBeVisible();
  await modal.getByRole('button', { name: 'Cerrar' }).first().click();

  // CSV of the filtered rows.
  const [download] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Exportar a CSV' }).click(),
  ]);
  expect(download.suggestedFilename()).toBe(`Atenciones_tramite_${idTramite}.csv`);
  const csv = fs.readFileSync((await download.path())!, 'utf8').replace(/^\uFEFF/, '');
  const lines = csv.trim().split(/\r?\n/);
  expect(lines[0]).toBe('ID Planilla;Número;Fecha de atención;Cédula;Nombre;Cédula médico;Nivel');
  expect(lines).toHaveLength(mismas + 1);
  for (const l of lines.slice(1)) expect(l).toContain(`;${objetivo.cedula};`);
  // The same rows as an Excel book, from the button beside it.
  const [libro] = await Promise.all([
    page.waitForEvent('download'),
    page.getByRole('button', { name: 'Exportar a Excel' }).click(),
  ]);
  expect(libro.suggestedFilename()).toBe(`Atenciones_tramite_${idTramite}.xlsx`);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.readFile((await libro.path())!);
  expect(wb.worksheets[0].actualRowCount).toBe(mismas + 1);
  expect(wb.worksheets[0].getRow(2).getCell(4).value).toBe(objetivo.cedula);

  // No rows: the export says so instead of downloading an empty file.
  await page.getByRole('textbox', { name: 'Cédula', exact: true }).fill('0000000000');
  await page.getByRole('textbox', { name: 'Cédula', exact: true }).press('Enter');
  await expect(page.getByText('No hay resultados que coincidan.')).toBeVisible();
  await page.getByRole('button', { name: 'Exportar a CSV' }).click();
  await expect(page.getByText('No hay datos para exportar.')).toBeVisible();

  // 'Todas' clears the filters; the pending list has its own columns and filters.
  await vista(page, 'Todas').click();
  await expect(page).not.toHaveURL(/pl\.cedula/);
  await vista(page, 'Pendientes').click();
  await expect(page).toHaveURL(/pl\.vista=PENDIENTES/);
  const pendientes = page.getByRole('table', { name: 'Atenciones pendientes' });
  await expect(pendientes.getByRole('columnheader', { name: 'Número Ext' })).toBeVisible();
  // The box follows the URL, which the router updates right after the click.
  await page.getByRole('checkbox', { name: 'Solo sin número externo' }).click();
  await expect(page.getByRole('checkbox', { name: 'Solo sin número externo' })).toBeChecked();
  await expect(page).toHaveURL(/pl\.sinNumeroExt=1/);
  await expect(pendientes.locator('tbody tr.dt-row-open').first()).toBeVisible();
});

test('the auditor reviews an attention with its documents beside its data (demo reports)', async ({
  page,
}) => {
  await page.setViewportSize({ width: 1366, height: 768 });
  await login(page, 'auditor.am@demo.ec');
  const headers = { authorization: `Bearer ${await sessionToken(page)}` };
  const tramites = (await (await page.request.get('/api/v1/tramites?vista=asignados', { headers })).json())
    .items as Array<{ idTramite: number; estadoTramite: string }>;
  const t = tramites.find((x) => x.estadoTramite === 'EN PROCESO');
  expect(t, 'the demo procedure under review is assigned to the auditor').toBeDefined();
  const pendientes = (
    await (
      await page.request.get(`/api/v1/planillas?idTramite=${t!.idTramite}&vista=PENDIENTES&pageSize=50`, {
        headers,
      })
    ).json()
  ).items as Array<{ idPlanilla: number; numero: string; numArchivos: number }>;
  const a = pendientes.find((x) => x.numArchivos > 0);
  expect(a, 'a pending attention with documents').toBeDefined();

  await page.goto(`/planillaform/${t!.idTramite}/EN%20PROCESO/${a!.idPlanilla}`);
  const docs = page.getByRole('region', { name: 'Documentos de la atención' });
  await expect(docs.getByRole('button', { name: `${a!.numero}-informe.pdf`, exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  const visor = docs.locator(`iframe[title="Vista previa de ${a!.numero}-informe.pdf"]`);
  await expect(visor).toBeVisible();
  // Data and documents side by side: the preview starts right of the form.
  const form = await page.getByText('Datos de la atención').boundingBox();
  const preview = await visor.boundingBox();
  expect(preview!.x).toBeGreaterThan(form!.x + 300);
  await expect(page.getByRole('button', { name: /Registrar revisión AM/ })).toBeVisible();
});

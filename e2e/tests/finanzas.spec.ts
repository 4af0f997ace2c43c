import fs from 'node:fs';
import { expect, type Page, test } from '@playwright/test';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { COLUMNAS_PAGO, COLUMNAS_REPORTE_FINANCIERO } from '../../packages/domain/src/finanzas/columns.ts';
import { login } from './helpers.ts';

async function bearer(page: Page) {
  const token = await page.evaluate(
    () => JSON.parse(localStorage.getItem('sesion') ?? '{}').token as string | undefined,
  );
  expect(token, 'signed in').toBeTruthy();
  return { authorization: `Bearer ${token}` };
}

async function tramitePorEstado(page: Page, estado: string) {
  const res = await page.request.get(
    `/api/v1/tramites?vista=todos&estado=${encodeURIComponent(estado)}&pageSize=50`,
    { headers: await bearer(page) },
  );
  expect(res.ok(), await res.text()).toBe(true);
  const [t] = (await res.json()).items as Array<{ idTramite: number; numero: string }>;
  expect(t, `the demo seed has a procedure ${estado}`).toBeDefined();
  return t;
}

async function finanzas(page: Page, opcion: string) {
  await page.getByRole('button', { name: /Finanzas/ }).click();
  await page.getByRole('menuitem', { name: opcion }).click();
}

const centavos = (v: string) => Math.round(Number(v.replace(',', '.')) * 100);
const texto = (c: number) => (c / 100).toFixed(2);

// Issue 15 items 2 and 5: the AM supervisor takes the money of a closed procedure out of the product
// (financial CSV, FHIR) and records the insurer's payments, with the spec's messages.
test('financial report, payment file with its errors and differences, FHIR export', async ({ page }) => {
  test.setTimeout(180_000);
  await login(page, 'supervisor.am@demo.ec');

  // Not FINALIZADO yet: the payment file is offered but disabled.
  const enProceso = await tramitePorEstado(page, 'EN PROCESO');
  await page.goto(`/tramiteform/${enProceso.idTramite}`);
  await page.getByRole('button', { name: /Finanzas/ }).click();
  await expect(page.getByRole('menuitem', { name: 'Cargar archivo de pagos' })).toHaveAttribute(
    'aria-disabled',
    'true',
  );
  await page.keyboard.press('Escape');

  const t = await tramitePorEstado(page, 'FINALIZADO');
  await page.goto(`/tramiteform/${t.idTramite}`);
  await expect(page.getByText('FINALIZADO').first()).toBeVisible();

  // 1. reporte_financiero.csv: re-parsed, one row per line.
  const descarga = page.waitForEvent('download');
  await finanzas(page, 'Reporte financiero (CSV)');
  const csv = await descarga;
  expect(csv.suggestedFilename()).toBe('reporte_financiero.csv');
  const filas = parse(fs.readFileSync((await csv.path()) as string), {
    delimiter: ';',
    bom: true,
    columns: true,
  }) as Record<string, string>[];
  expect(filas.length).toBeGreaterThan(15);
  expect(filas[0]).toMatchObject({ Trámite: t.numero, Pagado: '0,00' });
  // 1b. The same report as an Excel book beside it: the same rows, amounts as numbers, dates as dates.
  const descargaXlsx = page.waitForEvent('download');
  await finanzas(page, 'Reporte financiero (Excel)');
  const xlsx = await descargaXlsx;
  expect(xlsx.suggestedFilename()).toBe('reporte_financiero.xlsx');
  const libro = new ExcelJS.Workbook();
  await libro.xlsx.readFile((await xlsx.path()) as string);
  const hoja = libro.worksheets[0];
  expect(hoja.actualRowCount).toBe(filas.length + 1);
  const celda = (c: (typeof COLUMNAS_REPORTE_FINANCIERO)[number]) =>
    hoja.getRow(2).getCell(COLUMNAS_REPORTE_FINANCIERO.indexOf(c) + 1);
  expect(celda('Trámite').value).toBe(t.numero);
  expect(celda('Planilla').value).toBe(filas[0].Planilla);
  expect(celda('Aprobado').value).toBe(centavos(filas[0].Aprobado) / 100);
  expect(celda('Aprobado').numFmt).toBe('#,##0.00');
  if (filas[0]['Fecha de atención']) expect(celda('Fecha de atención').value).toBeInstanceOf(Date);

  const aprobado = new Map<string, number>();
  for (const f of filas) aprobado.set(f.Planilla, (aprobado.get(f.Planilla) ?? 0) + centavos(f.Aprobado));
  const [a, b] = [...aprobado.keys()];

  // 2. The upload dialog: no file, then a bad file (errors per row, nothing written).
  await finanzas(page, 'Cargar archivo de pagos');
  const dialogo = page.getByRole('dialog', { name: /Cargar archivo de pagos/ });
  // antd leaves its loading icon (invisible, aria-label 'loading') in the button after the first upload.
  const cargar = dialogo.locator('.ant-modal-footer').getByRole('button', { name: /Cargar$/ });
  await expect(dialogo.getByText('Pendiente de pago')).toBeVisible();
  await cargar.click();
  await expect(dialogo.getByText('No se ha seleccionado ningún archivo para cargar.')).toBeVisible();
  const input = dialogo.locator('input[type=file]');
  const header = COLUMNAS_PAGO.join(';');
  await input.setInputFiles({
    name: 'malo.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(`${header}\n${t.idTramite};0000;;;abc;;\n${t.idTramite};${a};;;1.00;;\n`),
  });
  await cargar.click();
  await expect(dialogo.getByText('Hubo un error al cargar los archivos. Inténtelo de nuevo.')).toBeVisible();
  const errores = dialogo.getByRole('list', { name: 'Errores por fila' });
  await expect(errores.getByText(/^Fila 2: Valor pagado "abc" no es un número/)).toBeVisible();

  // 3. A good file: attention a paid in full, b 1,00 short → one difference, line by line.
  const bueno = `${header}\n${t.idTramite};${a};;;${texto(aprobado.get(a)!)};2026-04-15;TRF-1\n${t.idTramite};${b};;;${texto(aprobado.get(b)! - 100).replace('.', ',')};;TRF-2\n`;
  await input.setInputFiles({ name: 'pagos-abril.csv', mimeType: 'text/csv', buffer: Buffer.from(bueno) });
  await cargar.click();
  await expect(dialogo.getByText('Archivos cargados correctamente')).toBeVisible();
  await expect(dialogo.getByText(/^Se registraron 2 pagos por \$ /)).toBeVisible();
  const diferencia = dialogo.getByRole('row').filter({ hasText: b });
  await expect(diferencia).toContainText('Atención completa');
  await expect(diferencia).toContainText('$ 1,00');

  // 4. The same file again: refused, with the first upload's name.
  await dialogo.getByRole('button', { name: 'Cargar otro archivo' }).click();
  await dialogo.locator('input[type=file]').setInputFiles({
    name: 'otra-vez.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(bueno),
  });
  await cargar.click();
  await expect(
    dialogo.getByText(/Este archivo de pagos ya fue cargado en el trámite el .*pagos-abril\.csv/),
  ).toBeVisible();
  await expect(dialogo.getByRole('cell', { name: 'pagos-abril.csv' })).toBeVisible();
  await dialogo.getByRole('button', { name: 'Cancelar' }).click();

  // 5. FHIR: a Bundle with a Claim and a ClaimResponse per attention, the payment on a's.
  const fhir = page.waitForEvent('download');
  await finanzas(page, 'Exportar FHIR (JSON)');
  const bundle = JSON.parse(fs.readFileSync((await (await fhir).path()) as string, 'utf8'));
  expect(bundle).toMatchObject({ resourceType: 'Bundle', type: 'collection' });
  const tipos = bundle.entry.map((e: { resource: { resourceType: string } }) => e.resource.resourceType);
  expect(tipos.filter((x: string) => x === 'Claim').length).toBe(aprobado.size);
  expect(tipos.filter((x: string) => x === 'ClaimResponse').length).toBe(aprobado.size);
  const pagada = bundle.entry.find(
    (e: { resource: { resourceType: string; payment?: unknown } }) => e.resource.payment,
  );
  expect(pagada.resource.payment.type.coding[0].code).toBe('complete');

  // 6. The payment file's manual, linked from the dialog.
  await page.goto(`/manual-pagos?idTramite=${t.idTramite}`);
  await expect(page.getByRole('heading', { name: 'Manual técnico del archivo de pagos' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'valorPagado' })).toBeVisible();
  await expect(page.getByText(`${t.idTramite};123;99203;2026-03-02;25.50`)).toBeVisible();
});

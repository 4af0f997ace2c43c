import { expect, test } from '@playwright/test';
import ExcelJS from 'exceljs';
import { COLUMNS, cedula, login, pickOption } from './helpers.ts';

/** Data rows of the first week (02–08/03/2026); the first `bad` rows carry an unknown CIE-10 code. */
function rows(idTramite: number, n: number, bad: number): string[][] {
  const out: string[][] = [];
  for (let i = 1; i <= n; i++) {
    const day = String(2 + (i % 5)).padStart(2, '0');
    out.push([
      String(idTramite),
      String(1000 + i),
      cedula(i),
      '',
      `PACIENTE PRUEBA ${i}`,
      `2026-03-${day}`,
      `2026-03-${day}`,
      i <= bad ? 'ZZZ9' : 'J18.1',
      '',
      'N',
      '1',
      SERVICE,
      '1',
      PRICE,
      '0',
      '',
      'DR. JUAN PÉREZ',
      'P',
      `2026-03-${day}`,
    ]);
  }
  return out;
}

let SERVICE = '';
let PRICE = '';

test('provider uploads, fixes and organises a load, sends; the AM supervisor receives', async ({ page }) => {
  test.setTimeout(480_000);
  await login(page, 'prestador@demo.ec');
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('sesion') ?? '{}').token as string);
  const auth = { authorization: `Bearer ${token}` };
  // A service code the price list knows.
  const el = await page.request.get('/api/v1/catalogos/elemento?pageSize=1', { headers: auth });
  const elemento = (await el.json()).items[0];
  SERVICE = elemento.codigo;
  PRICE = String(elemento.valor);

  await page.goto('/tramite-carga');
  await expect(page.getByRole('heading', { name: 'Carga de trámites' })).toBeVisible();
  await page.getByRole('button', { name: /Nuevo trámite/ }).click();
  const modal = page.getByRole('dialog');
  await modal.getByLabel('Prestador').click();
  await pickOption(page, 'CLÍNICA SANTA MARÍA');
  await modal.getByText('AMBULATORIO', { exact: true }).click();
  await modal.getByText('Semanal', { exact: true }).click();
  await modal.getByLabel('Fecha desde').fill('02/03/2026');
  await modal.getByLabel('Fecha desde').press('Enter');
  await modal.getByLabel('Fecha hasta').fill('29/03/2026');
  await modal.getByLabel('Fecha hasta').press('Enter');
  await modal.getByLabel('Descripción').fill('Atenciones de marzo');
  await modal.getByRole('button', { name: 'Guardar' }).click();
  await expect(page).toHaveURL(/\/tramiteform-carga\/\d+/);
  const idTramite = Number(page.url().match(/tramiteform-carga\/(\d+)/)![1]);
  await expect(page.getByText('REGISTRADO').first()).toBeVisible();

  // 1. A 10,000-row CSV with errors: the warning, the errors row by row, then the load is deleted.
  const bad = rows(idTramite, 10_000, 25);
  const csv = `\uFEFF${COLUMNS.join(';')}\n${bad.map((r) => r.join(';')).join('\n')}\n`;
  await page.getByRole('button', { name: 'Cargar semana 1' }).click();
  let dialog = page.getByRole('dialog');
  // No format to pick: the dialog reads the file and says what it is (issue 14 §4). A CSV saved
  // with a .txt name, as spreadsheets sometimes do, is still a CSV.
  await dialog
    .locator('input[type=file]')
    .setInputFiles({ name: 'marzo.txt', mimeType: 'text/plain', buffer: Buffer.from(csv) });
  await expect(dialog.getByTestId('formato-detectado')).toContainText('CSV');
  await dialog.getByRole('button', { name: 'Cargar archivo' }).click();
  await expect(dialog.getByText('Archivo cargado')).toBeVisible({ timeout: 60_000 });
  await dialog
    .getByRole('button', { name: /Cerrar|Aceptar/ })
    .first()
    .click();

  await page
    .getByRole('button', { name: /Opciones de la carga/ })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Errores' }).click();
  dialog = page.getByRole('dialog');
  await expect(dialog.getByText(/ZZZ9/).first()).toBeVisible();
  await page.keyboard.press('Escape');

  await page
    .getByRole('button', { name: /Opciones de la carga/ })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Borrar Carga' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Borrar|Eliminar|Sí/ })
    .last()
    .click();
  await expect(page.getByText('La carga fue eliminada con éxito.')).toBeVisible();

  // 2. The corrected rows as a real Excel file, then organise.
  const good = rows(idTramite, 10_000, 0);
  const wb = new ExcelJS.Workbook();
  const ws = wb.addWorksheet('Datos');
  ws.addRow(COLUMNS);
  for (const r of good) ws.addRow(r);
  const xlsx = Buffer.from(await wb.xlsx.writeBuffer());
  await page.getByRole('button', { name: 'Cargar semana 1' }).click();
  dialog = page.getByRole('dialog');
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'marzo.xlsx',
    mimeType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    buffer: xlsx,
  });
  await dialog.getByRole('button', { name: 'Cargar archivo' }).click();
  await expect(dialog.getByText('Archivo cargado')).toBeVisible({ timeout: 60_000 });
  await dialog
    .getByRole('button', { name: /Cerrar|Aceptar/ })
    .first()
    .click();
  await expect(page.getByText('CARGADO').first()).toBeVisible();

  await page
    .getByRole('button', { name: /Opciones de la carga/ })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Organizar Atenciones Médicas' }).click();
  await page
    .getByRole('dialog', { name: '¿Organizar las atenciones médicas?' })
    .getByRole('button', { name: 'Organizar' })
    .click();
  await expect(page.getByText('¡Atenciones médicas organizadas exitosamente!')).toBeVisible({
    timeout: 120_000,
  });
  await expect(page.getByText('ESTRUCTURADO').first()).toBeVisible();

  // 3. Send.
  await page.getByRole('button', { name: 'Enviar trámite' }).click();
  await page
    .getByRole('dialog')
    .getByRole('button', { name: /Enviar|Sí|Aceptar/ })
    .last()
    .click();
  await expect(page.getByText('ENVIADO').first()).toBeVisible();

  // 4. The AM supervisor receives it when opening it.
  await page.evaluate(() => localStorage.clear());
  await login(page, 'supervisor.am@demo.ec');
  await page.goto(`/tramiteform/${idTramite}`);
  const recibir = page.getByRole('dialog', { name: 'El trámite no está recibido. ¿Desea recibirlo ahora?' });
  await expect(recibir).toBeVisible();
  await recibir.getByRole('button', { name: 'Sí' }).click();
  await expect(page.getByText('RECIBIDO').first()).toBeVisible();

  // Every step is in the bitácora.
  const log = await page.request.get(`/api/v1/tramites/${idTramite}/bitacora?pageSize=50`, {
    headers: {
      authorization: `Bearer ${await page.evaluate(() => JSON.parse(localStorage.getItem('sesion') ?? '{}').token as string)}`,
    },
  });
  const obs = (await log.json()).items.map((i: { observacion: string }) => i.observacion).join('\n');
  expect(obs).toContain('ENVIADO a RECIBIDO');
  expect(obs).toContain('Trámite registrado');
  expect(obs).toContain('eliminada');
  expect(obs).toMatch(/ENVIADO/);
});

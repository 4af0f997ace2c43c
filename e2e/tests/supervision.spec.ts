import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { COLUMNS, login, PASSWORD } from './helpers.ts';

/*
 * Supervisor tabs (issue 5 items 7 and 10): the AM supervisor assigns attentions of a received
 * procedure to the medical auditor (a selection, then the whole load), opens Controles and goes from
 * a control to the attentions list filtered by it. The procedure is built through the API the way a
 * provider's system would: create, upload a CSV, organise, send; the supervisor receives it.
 */

/** Weekdays of March 2026 plus the Saturday 7th, which control 2 flags. */
const DIAS = ['02', '03', '04', '05', '06', '09', '10', '11', '12', '13', '16', '17'];
const N = 24;
const SABADOS = 2;

/** A valid Ecuadorian cédula (province 17, check digit) for each attention, so none is a duplicate. */
function cedula(i: number): string {
  const base = `170${String(100000 + i).slice(-6)}`;
  const sum = [...base].reduce((a, d, k) => {
    const v = Number(d) * (k % 2 === 0 ? 2 : 1);
    return a + (v > 9 ? v - 9 : v);
  }, 0);
  return `${base}${(10 - (sum % 10)) % 10}`;
}

async function token(request: APIRequestContext, usuario: string) {
  const r = await request.post('/api/v1/auth/login', { data: { usuario, clave: PASSWORD } });
  expect(r.status(), await r.text()).toBe(200);
  return { authorization: `Bearer ${(await r.json()).token}` };
}

async function ok(res: Promise<import('@playwright/test').APIResponse>) {
  const r = await res;
  expect(r.ok(), `${r.url()} → ${r.status()} ${await r.text()}`).toBe(true);
  return r.json();
}

/** A received (RECIBIDO) monthly procedure of March 2026 with N attentions in one load. */
async function tramiteRecibido(request: APIRequestContext): Promise<number> {
  const prov = await token(request, 'prestador@demo.ec');
  const [prestador] = await ok(request.get('/api/v1/prestadores/mios', { headers: prov }));
  const servicios = await ok(request.get('/api/v1/catalogos/servicio?pageSize=100', { headers: prov }));
  const elementos = await ok(request.get('/api/v1/catalogos/elemento?pageSize=1', { headers: prov }));
  const creado = await ok(
    request.post('/api/v1/tramites', {
      headers: prov,
      data: {
        idPrestador: prestador.idPrestador,
        idServicio: servicios.items[0].idServicio,
        fechaDesde: '2026-03-01',
        fechaHasta: '2026-03-31',
        descripcion: 'SUPERVISION E2E',
        frecuenciaCarga: 'M',
      },
    }),
  );
  const idTramite: number = creado.item.idTramite;
  const filas = Array.from({ length: N }, (_, i) => {
    const dia = i < SABADOS ? '07' : DIAS[i % DIAS.length];
    const f = `2026-03-${dia}`;
    return [
      idTramite,
      7001 + i,
      cedula(i),
      '',
      `PACIENTE SUPERVISION ${i + 1}`,
      f,
      f,
      'J18.1',
      '',
      'N',
      '1',
      elementos.items[0].codigo,
      '1',
      '25.00',
      '0',
      '',
      'DR. JUAN PÉREZ',
      'P',
      f,
    ].join(';');
  });
  const csv = `\uFEFF${COLUMNS.join(';')}\n${filas.join('\n')}\n`;
  const carga = await ok(
    request.post(`/api/v1/tramites/${idTramite}/cargas?esperar=true`, {
      headers: prov,
      multipart: { archivo: { name: 'marzo.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } },
    }),
  );
  expect(carga.contadorErrores, carga.mensaje).toBe(0);
  await ok(request.post(`/api/v1/cargas/${carga.idCarga}/organizar?esperar=true`, { headers: prov }));
  await ok(request.post(`/api/v1/tramites/${idTramite}/acciones/enviar`, { headers: prov, data: {} }));
  const sup = await token(request, 'supervisor.am@demo.ec');
  await ok(
    request.post(`/api/v1/tramites/${idTramite}/acciones/recibir`, {
      headers: sup,
      data: { estadoActual: 'ENVIADO' },
    }),
  );
  return idTramite;
}

/** Picks an option of the open antd Select dropdown by its text. */
async function pick(page: Page, text: string | RegExp) {
  await page
    .locator('.ant-select-dropdown:visible .ant-select-item-option')
    .filter({ hasText: text })
    .first()
    .click();
}

const staffRow = (page: Page, usuario: string) =>
  page
    .getByRole('table', { name: /Personal/ })
    .getByRole('row')
    .filter({ hasText: usuario });

test('the AM supervisor assigns a load to the auditor and follows a control to the list', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const idTramite = await tramiteRecibido(page.request);

  await login(page, 'supervisor.am@demo.ec');
  await page.goto(`/tramiteform/${idTramite}`);
  await expect(page.getByText('RECIBIDO').first()).toBeVisible();
  await page.getByRole('tab', { name: 'Asignar Médico Auditor' }).click();
  await expect(page).toHaveURL(/tab=asignar-am/);
  // Supervisor GD's tab is not offered to 17.
  await expect(page.getByRole('tab', { name: 'Asignar Gestor Documental' })).toHaveCount(0);

  // Who can receive AM work, with nothing assigned yet.
  const auditor = staffRow(page, 'auditor.am@demo.ec');
  await expect(auditor).toBeVisible();
  await expect(auditor.getByRole('cell').nth(2)).toHaveText('0');
  await expect(page.getByText('Sin asignar').first()).toBeVisible();

  // 1. Two selected attentions.
  const lista = page.getByRole('table', { name: 'Atenciones para asignar' });
  await expect(lista.getByRole('row').filter({ hasText: '7001' })).toBeVisible();
  await expect(page.getByText(`Total: ${N} registros`)).toBeVisible();
  await page.getByRole('checkbox', { name: 'Seleccionar la atención 7001' }).check();
  await page.getByRole('checkbox', { name: 'Seleccionar la atención 7002' }).check();
  await expect(page.getByText('2 seleccionadas')).toBeVisible();
  // Without a person the form says what is missing.
  await page.getByRole('button', { name: 'Asignar seleccionadas' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Seleccione el médico auditor' })).toBeVisible();
  await page.getByRole('combobox', { name: /Asignar a/ }).click();
  await pick(page, 'auditor.am@demo.ec');
  await page.getByRole('button', { name: 'Asignar seleccionadas' }).click();
  let dialog = page.getByRole('dialog').filter({ hasText: '¿Asignar 2 atenciones a' });
  await expect(dialog).toBeVisible();
  await dialog.getByRole('button', { name: 'Asignar' }).click();
  await expect(page.getByText('2 atenciones asignadas exitosamente.')).toBeVisible();
  // The first assignment starts the audit.
  await expect(page.getByText('EN PROCESO').first()).toBeVisible();
  await expect(auditor.getByRole('cell').nth(2)).toHaveText('2');
  await expect(lista.getByRole('row').filter({ hasText: '7001' })).toContainText('auditor.am@demo.ec');

  // 2. The whole load.
  await page.getByText('Carga completa', { exact: true }).click();
  await page.getByLabel('Carga', { exact: true }).click();
  await pick(page, '01/03/2026 – 31/03/2026');
  await expect(page.getByText('Pendientes sin asignar')).toBeVisible();
  await page.getByLabel(/Asignar a \(médico auditor\)/).click();
  await pick(page, 'auditor.am@demo.ec');
  await page.getByRole('button', { name: 'Asignar carga' }).click();
  dialog = page.getByRole('dialog').filter({ hasText: '¿Asignar la carga' });
  await expect(dialog).toContainText(`Las ${N} atenciones pendientes de la carga`);
  await dialog.getByRole('button', { name: 'Asignar' }).click();
  await expect(page.getByText(`${N} atenciones asignadas exitosamente.`)).toBeVisible();
  await expect(auditor.getByRole('cell').nth(2)).toHaveText(String(N));
  await expect(auditor.getByRole('cell').nth(3)).toHaveText(String(N));

  // The load's warnings: the claimed 25.00 differs from the provider's price list.
  await page.getByRole('tab', { name: 'Novedades' }).click();
  const novedades = page.getByRole('table', { name: 'Novedades de la carga' });
  await expect(novedades.getByText(/difiere del tarifario del prestador/).first()).toBeVisible();
  await expect(page.getByText(`Total: ${N} registros`)).toBeVisible();

  // 3. Controls: counts, the flagged attentions with the reason, then the filtered list.
  await page.getByRole('tab', { name: 'Controles' }).click();
  await expect(page).toHaveURL(/tab=controles/);
  for (const n of [1, 2, 3, 4, 5]) await expect(page.getByText(`Control ${n}`).first()).toBeVisible();
  const card2 = page.locator('.control-card').filter({ hasText: 'Control 2' });
  await expect(card2).toContainText(`${SABADOS} atenciones señaladas`);
  await expect(page.locator('.control-card').filter({ hasText: 'Control 5' })).toContainText(
    `${N} atenciones señaladas`,
  );
  await page.getByRole('button', { name: 'Control 2', exact: true }).click();
  const flagged = page.getByRole('table', { name: 'Atenciones señaladas por el control 2' });
  await expect(flagged.getByText('Atención en fin de semana (sábado)').first()).toBeVisible();
  await expect(flagged.getByRole('row').filter({ hasText: '7001' })).toBeVisible();
  await expect(page.getByText(`Total: ${SABADOS} registros`)).toBeVisible();

  await page.getByRole('button', { name: 'Ver en la lista las atenciones del control 2' }).click();
  await expect(page).toHaveURL(/tab=atenciones/);
  await expect(page).toHaveURL(/pl\.control=2/);
  await expect(page.getByRole('tab', { name: 'Atenciones médicas', exact: true })).toHaveAttribute(
    'aria-selected',
    'true',
  );
  // The attentions list shows only what control 2 flagged.
  const panel = page.getByRole('tabpanel', { name: 'Atenciones médicas' });
  await expect(panel.getByRole('row').filter({ hasText: '7002' })).toBeVisible();
  await expect(panel.getByText(`Total: ${SABADOS} registros`)).toBeVisible();

  // The supervisor's reports of the procedure: the new-files report over the audit window.
  await page.getByRole('button', { name: /Reportes/ }).click();
  await page.getByRole('menuitem', { name: 'Archivos nuevos' }).click();
  await expect(page).toHaveURL(
    new RegExp(`/tramites-archivos-nuevos/${idTramite}/\\d{4}-\\d{2}-\\d{2}/\\d{4}-\\d{2}-\\d{2}$`),
  );
  await expect(page.getByRole('heading', { name: 'Archivos nuevos del trámite' })).toBeVisible();

  // ArchivoCarga: the load with its attentions, none of them with files yet.
  await page.goBack();
  await page.getByRole('button', { name: /Reportes/ }).click();
  await page.getByRole('menuitem', { name: 'Archivos por carga' }).click();
  await expect(page).toHaveURL(new RegExp(`/archivo-carga/${idTramite}$`));
  await expect(page.getByRole('heading', { name: 'Archivos por carga' })).toBeVisible();
  const porCarga = page.getByRole('table', { name: 'Archivos por carga' });
  await expect(porCarga.getByRole('row').filter({ hasText: '01/03/2026 – 31/03/2026' })).toContainText(
    `0 / ${N}`,
  );
  await expect(porCarga.getByText('Sin archivos').first()).toBeVisible();

  // ObservacionesTramite is now the pending-observations review of the new observation screens
  // (features/observaciones, docs/spec-summary.md 001 §2.7; the old read-only page was replaced): rows only once a
  // load and a type are chosen (17 opens with M). Nothing observed yet; its filters live in the URL.
  await page.goBack();
  await page.getByRole('button', { name: /Reportes/ }).click();
  await page.getByRole('menuitem', { name: 'Observaciones del trámite' }).click();
  await expect(page.getByRole('heading', { name: 'Observaciones del trámite' })).toBeVisible();
  await expect(page.getByText('Seleccione el periodo (carga) y el tipo de observación')).toBeVisible();
  await page.getByRole('combobox', { name: 'Periodo' }).click();
  await pick(page, '01/03/2026 – 31/03/2026');
  await expect(page).toHaveURL(new RegExp(`/observaciones-tramite/${idTramite}\\?idCarga=\\d+$`));
  await expect(page.getByText('No hay observaciones para este trámite/tipo.')).toBeVisible();
  await page.getByRole('combobox', { name: 'Mostrar' }).click();
  await pick(page, 'Sin respuesta');
  await expect(page).toHaveURL(
    new RegExp(`/observaciones-tramite/${idTramite}\\?idCarga=\\d+&vista=pendientes$`),
  );
});

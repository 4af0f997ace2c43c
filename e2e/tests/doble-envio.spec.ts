import { expect, type Page, test } from '@playwright/test';
import { COLUMNS, login, pickOption } from './helpers.ts';

/*
 * Issue 14 §2 at 1366×768: a double click on a write button writes once (decision 49), the provider
 * annuls a procedure it has not sent (decision 50) and deletes a valid load (decision 51), each after
 * a confirmation that names what is lost.
 */

test.use({ viewport: { width: 1366, height: 768 } });

const token = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('sesion') ?? '{}').token as string);
const authOf = async (page: Page) => ({ authorization: `Bearer ${await token(page)}` });

/** A procedure of the signed-in provider, through the API; with `filas` > 0 also a valid load (CARGADO). */
async function tramite(page: Page, descripcion: string, filas = 0) {
  const auth = await authOf(page);
  const prestadores = await (await page.request.get('/api/v1/prestadores/mios', { headers: auth })).json();
  const creado = await page.request.post('/api/v1/tramites', {
    headers: auth,
    data: {
      idPrestador: prestadores[0].idPrestador,
      idServicio: 1,
      fechaDesde: '2026-03-02',
      fechaHasta: '2026-03-29',
      descripcion,
      frecuenciaCarga: 'M',
    },
  });
  expect(creado.ok(), await creado.text()).toBe(true);
  const item = (await creado.json()).item as { idTramite: number; numero: string };
  if (filas === 0) return { ...item, idCarga: 0 };
  const elemento = (
    await (await page.request.get('/api/v1/catalogos/elemento?pageSize=1', { headers: auth })).json()
  ).items[0];
  const lineas = Array.from({ length: filas }, (_, i) =>
    [
      item.idTramite,
      5001 + i,
      '1710034065',
      '',
      `PACIENTE ${i + 1}`,
      '2026-03-03',
      '2026-03-03',
      'J18.1',
      '',
      'N',
      '1',
      elemento.codigo,
      '1',
      String(elemento.valor),
      '0',
      '',
      'DR. JUAN PÉREZ',
      'P',
      '2026-03-03',
    ].join(';'),
  );
  const carga = await page.request.post(`/api/v1/tramites/${item.idTramite}/cargas?esperar=true`, {
    headers: auth,
    multipart: {
      archivo: {
        name: 'marzo.csv',
        mimeType: 'text/csv',
        buffer: Buffer.from(`${COLUMNS.join(';')}\n${lineas.join('\n')}\n`),
      },
    },
  });
  expect(carga.ok(), await carga.text()).toBe(true);
  const c = await carga.json();
  expect(c.contadorErrores).toBe(0);
  return { ...item, idCarga: c.idCarga as number };
}

const contarTramites = async (page: Page, descripcion: string) => {
  const res = await page.request.get(
    `/api/v1/tramites?vista=carga&q=${encodeURIComponent(descripcion)}&pageSize=50`,
    {
      headers: await authOf(page),
    },
  );
  return ((await res.json()).items as { descripcion: string }[]).filter((x) => x.descripcion === descripcion)
    .length;
};

test("a double click on 'Guardar' in 'Nuevo trámite' registers one procedure", async ({ page }) => {
  await login(page, 'prestador@demo.ec');
  const descripcion = `DOBLE CLIC ${Date.now()}`;
  await page.goto('/tramite-carga');
  await page.getByRole('button', { name: /Nuevo trámite/ }).click();
  const modal = page.getByRole('dialog', { name: 'Nuevo trámite' });
  await modal.getByLabel('Prestador').click();
  await pickOption(page, 'CLÍNICA SANTA MARÍA');
  await modal.getByText('AMBULATORIO', { exact: true }).click();
  await modal.getByText('Mensual', { exact: true }).click();
  await modal.getByLabel('Fecha desde').fill('02/03/2026');
  await modal.getByLabel('Fecha desde').press('Enter');
  await modal.getByLabel('Fecha hasta').fill('29/03/2026');
  await modal.getByLabel('Fecha hasta').press('Enter');
  await modal.getByLabel('Descripción').fill(descripcion);
  await modal.getByRole('button', { name: 'Guardar' }).dblclick();
  await expect(page).toHaveURL(/\/tramiteform-carga\/\d+/);
  await expect(page.getByText('¡Trámite creado exitosamente!')).toHaveCount(1);
  // A moment for a second request to land, had one been sent.
  await page.waitForTimeout(1500);
  expect(await contarTramites(page, descripcion)).toBe(1);
});

test("a double click on 'Registrar revisión AM' registers one review and shows no error", async ({
  page,
}) => {
  await login(page, 'supervisor.am@demo.ec');
  const headers = await authOf(page);
  const tramites = (await (await page.request.get('/api/v1/tramites?vista=asignados', { headers })).json())
    .items as Array<{ idTramite: number; estadoTramite: string }>;
  const t = tramites.find((x) => x.estadoTramite === 'EN PROCESO');
  expect(t, 'the demo procedure under review').toBeDefined();
  const pendientes = (
    await (
      await page.request.get(`/api/v1/planillas?idTramite=${t!.idTramite}&vista=PENDIENTES&pageSize=5`, {
        headers,
      })
    ).json()
  ).items as Array<{ idPlanilla: number; numero: string; estadoAud: string }>;
  const a = pendientes.find((x) => x.estadoAud === 'PENDIENTE');
  expect(a, 'a pending attention').toBeDefined();
  const revisionesM = async () =>
    (
      await (
        await page.request.get(`/api/v1/tramites/${t!.idTramite}/bitacora?tipo=M&pageSize=1`, { headers })
      ).json()
    ).total as number;
  const antes = await revisionesM();

  await page.goto(`/planillaform/${t!.idTramite}/EN%20PROCESO/${a!.idPlanilla}`);
  const boton = page.getByRole('button', { name: 'Registrar revisión AM' });
  await expect(boton).toBeEnabled();
  await boton.dblclick();
  await expect(page.getByText(/Revisión registrada/).first()).toBeVisible();
  await page.waitForTimeout(1500);
  // No conflict: neither the '¡Error!' dialog nor the stale-version message.
  await expect(page.getByText('La planilla fue modificada por otro usuario', { exact: false })).toHaveCount(
    0,
  );
  await expect(page.getByRole('dialog').filter({ hasText: '¡Error!' })).toHaveCount(0);
  expect(await revisionesM()).toBe(antes + 1);
  const p = await (await page.request.get(`/api/v1/planillas/${a!.idPlanilla}`, { headers })).json();
  expect(p.estadoAud).toBe('REVISADA');
});

test('the provider annuls a procedure not sent, after a confirmation that names what is lost', async ({
  page,
}) => {
  await login(page, 'prestador@demo.ec');
  const descripcion = `PARA ANULAR ${Date.now()}`;
  const t = await tramite(page, descripcion, 2);
  await page.goto(`/tramiteform-carga/${t.idTramite}`);
  await expect(page.getByText('CARGADO').first()).toBeVisible();
  await page.getByRole('button', { name: 'Anular trámite' }).click();
  const dialog = page.getByRole('dialog', { name: `¿Anular el trámite ${t.numero}?` });
  await expect(dialog).toContainText('1 carga');
  await expect(dialog).toContainText('no podrán enviarse a la aseguradora');
  await expect(dialog).toContainText('no puede reactivarse');
  // Cancel first: nothing happens.
  await dialog.getByRole('button', { name: 'Cancelar' }).click();
  await expect(dialog).toBeHidden();
  await page.getByRole('button', { name: 'Anular trámite' }).click();
  await page
    .getByRole('dialog', { name: `¿Anular el trámite ${t.numero}?` })
    .getByRole('button', { name: 'Anular trámite' })
    .click();
  await expect(page.getByText('Trámite anulado. Se conserva para auditoría')).toBeVisible();
  // Back on the list, where it no longer is; kept for audit with its bitácora.
  await expect(page).toHaveURL(/\/tramite-carga/);
  expect(await contarTramites(page, descripcion)).toBe(0);
  const headers = await authOf(page);
  const detalle = await (await page.request.get(`/api/v1/tramites/${t.idTramite}`, { headers })).json();
  expect(detalle.estadoTramite).toBe('ANULADO');
  const log = await (
    await page.request.get(`/api/v1/tramites/${t.idTramite}/bitacora?pageSize=50`, { headers })
  ).json();
  expect(log.items.map((x: { observacion: string }) => x.observacion).join(' ')).toContain(
    'CARGADO a ANULADO',
  );
});

test('the provider deletes a valid load before sending; the procedure goes back to REGISTRADO', async ({
  page,
}) => {
  await login(page, 'prestador@demo.ec');
  const t = await tramite(page, `CARGA A BORRAR ${Date.now()}`, 3);
  await page.goto(`/tramiteform-carga/${t.idTramite}`);
  await expect(page.getByText('CARGADO').first()).toBeVisible();
  await page.getByRole('button', { name: `Opciones de la carga ${t.idCarga}` }).click();
  await page.getByRole('menuitem', { name: 'Borrar Carga' }).click();
  const dialog = page.getByRole('dialog', { name: `¿Borrar la carga ${t.idCarga}?` });
  await expect(dialog).toContainText('3 filas de datos');
  await expect(dialog).toContainText('REGISTRADO');
  await dialog.getByRole('button', { name: 'Borrar Carga' }).click();
  await expect(page.getByText('La carga fue eliminada con éxito.')).toBeVisible();
  await expect(page.getByText('REGISTRADO').first()).toBeVisible();
  const headers = await authOf(page);
  const detalle = await (await page.request.get(`/api/v1/tramites/${t.idTramite}`, { headers })).json();
  expect(detalle).toMatchObject({ estadoTramite: 'REGISTRADO', numCargas: 0 });
});

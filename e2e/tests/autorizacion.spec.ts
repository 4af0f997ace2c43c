import { expect, test } from '@playwright/test';
import { COLUMNS, cedula, confirmar, login, logout, sessionToken } from './helpers.ts';

const ddmmyyyy = (iso: string) => iso.split('-').reverse().join('/');

/** Three attentions of the given day, for the procedure `idTramite`. */
function datos(idTramite: number, dia: string): string {
  const filas = [1, 2, 3].map((i) =>
    Object.fromEntries(
      COLUMNS.map((c) => [
        c,
        {
          idTramite: String(idTramite),
          noPlanilla: `AUT-${i}`,
          cedula1: cedula(4000 + i),
          cedula2: '',
          nombre: `PACIENTE AUTORIZADO ${i}`,
          fIngreso: dia,
          fSalida: dia,
          diagPri: 'J06.9',
          diagSec: '',
          lMuerto: 'N',
          fTarifario: '1',
          noServicio: '99203',
          cantidad: '1',
          vSem: '25.50',
          vPaciente: '0',
          noModificador: '',
          nombreMedIns: 'DR. CARLOS VERA',
          tipo: 'P',
          fechaAtencion: dia,
        }[c],
      ]),
    ),
  );
  return JSON.stringify(filas);
}

test('authorization: the provider requests, the AM supervisor approves, the provider loads and organises under it', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await login(page, 'prestador@demo.ec');
  const auth = { authorization: `Bearer ${await sessionToken(page)}` };
  // The demo's procedure under review (EN PROCESO) of the clinic.
  const lista = await page.request.get('/api/v1/tramites?vista=carga&estado=EN%20PROCESO', { headers: auth });
  const tramite = (await lista.json()).items[0] as {
    idTramite: number;
    numero: string;
    fechaDesde: string;
    fechaHasta: string;
  };
  expect(tramite).toBeTruthy();
  const desde = tramite.fechaDesde.slice(0, 10);
  const hasta = tramite.fechaHasta.slice(0, 10);

  // 1. 'Solicitudes' in the procedure header: a new request.
  await page.goto(`/tramiteform-carga/${tramite.idTramite}`);
  await page.getByRole('button', { name: 'Solicitudes' }).click();
  let dialog = page.getByRole('dialog');
  await expect(dialog.getByText(`Solicitudes de autorización — Trámite ${tramite.numero}`)).toBeVisible();
  await expect(dialog.getByText('El trámite no tiene solicitudes de autorización.')).toBeVisible();
  await dialog.getByRole('button', { name: 'Registrar solicitud' }).click();
  await expect(dialog.getByText('El campo Descripción es obligatorio.')).toBeVisible();
  await dialog.getByLabel('Descripción').fill('Atenciones de emergencia no incluidas');
  await dialog.getByLabel('Fecha desde').fill(ddmmyyyy(desde));
  await dialog.getByLabel('Fecha desde').press('Enter');
  await dialog.getByLabel('Fecha hasta').fill(ddmmyyyy(hasta));
  // Enter in the last field submits the form.
  await dialog.getByLabel('Fecha hasta').press('Enter');
  await expect(page.getByText('¡Solicitud de autorización registrada exitosamente!')).toBeVisible();
  await expect(dialog.getByText('ATENCIONES DE EMERGENCIA NO INCLUIDAS')).toBeVisible();
  await expect(dialog.getByText('SOLICITADA')).toBeVisible();
  // One pending request at a time: the form is gone.
  await expect(dialog.getByRole('button', { name: 'Registrar solicitud' })).toHaveCount(0);
  await dialog.getByRole('button', { name: 'Ver autorizaciones del trámite' }).click();
  await expect(page).toHaveURL(new RegExp(`/autorizacion-tramite/${tramite.idTramite}$`));
  await expect(
    page.getByRole('heading', { name: `Autorizaciones del trámite ${tramite.numero}` }),
  ).toBeVisible();

  // 2. The AM supervisor approves it.
  await logout(page);
  await login(page, 'supervisor.am@demo.ec');
  await page.goto(`/autorizacion-tramite/${tramite.idTramite}`);
  await page
    .getByRole('button', { name: /Opciones de la autorización/ })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Aprobar' }).click();
  dialog = page.getByRole('dialog');
  await dialog.getByLabel('Observación').fill('Aprobada por auditoría médica');
  await dialog.getByRole('button', { name: 'Aprobar' }).click();
  await expect(page.getByText('Autorización aprobada exitosamente.')).toBeVisible();
  await expect(page.getByRole('table').getByText('APROBADA')).toBeVisible();

  // 3. The provider opens the authorization screen and loads attentions under it.
  await logout(page);
  await login(page, 'prestador@demo.ec');
  await page.goto(`/autorizacion-tramite/${tramite.idTramite}`);
  await page.getByRole('table').getByText('ATENCIONES DE EMERGENCIA NO INCLUIDAS').dblclick();
  await expect(page).toHaveURL(new RegExp(`/tramiteform-carga-aut/${tramite.idTramite}/\\d+`));
  await expect(page.getByRole('heading', { name: /^Autorización \d+$/ })).toBeVisible();
  await expect(page.getByText('Aprobada por auditoría médica')).toBeVisible();
  await expect(page.getByText('Fecha de aprobación')).toBeVisible();
  await expect(page.getByRole('link', { name: 'Trámites' })).toHaveAttribute('href', '/tramite-carga');
  await expect(page.getByRole('tab', { name: 'Carga de datos' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Atenciones médicas' })).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Atenciones sin documentación' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Carga de Archivos' })).toBeDisabled();

  await page.getByRole('button', { name: 'Cargar Atenciones' }).click();
  dialog = page.getByRole('dialog');
  await dialog.locator('input[type=file]').setInputFiles({
    name: 'autorizacion.json',
    mimeType: 'application/json',
    buffer: Buffer.from(datos(tramite.idTramite, desde)),
  });
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
  await page.getByRole('menuitem', { name: 'Organizar Atenciones Médicas' }).click();
  await confirmar(page, 'Organizar');
  // Organising is a job of the queue (behind what the earlier journeys left in it): the dialog waits for it.
  await expect(page.getByText('¡Atenciones médicas organizadas exitosamente!')).toBeVisible({
    timeout: 60_000,
  });
  await expect(page.getByRole('button', { name: 'Carga de Archivos' })).toBeEnabled();

  await page.getByRole('tab', { name: 'Atenciones médicas' }).click();
  await expect(page.getByLabel('Carga de la autorización')).toBeVisible();
  await expect(page.getByText('PACIENTE AUTORIZADO 1').first()).toBeVisible();

  // The authorization and the load are in the procedure's log.
  const bit = await page.request.get(`/api/v1/tramites/${tramite.idTramite}/bitacora?pageSize=20`, {
    headers: { authorization: `Bearer ${await sessionToken(page)}` },
  });
  expect(bit.status()).toBe(200);
});

test('integration: a token, a sandbox call and its log', async ({ page }) => {
  test.setTimeout(120_000);
  await login(page, 'prestador@demo.ec');
  await page.goto('/integracion');
  await expect(page.getByRole('heading', { name: 'Integración' })).toBeVisible();
  await expect(page.getByText('/api/v1/cargatramites/registro-datos').first()).toBeVisible();
  await page.getByLabel('Nombre').fill('Sistema HIS e2e');
  await page.getByRole('button', { name: 'Crear token' }).click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByText('Cópielo ahora: no se volverá a mostrar.')).toBeVisible();
  const token = (await dialog.locator('code').innerText()).trim();
  expect(token).toMatch(/^apk_/);
  await dialog.getByRole('button', { name: 'Ya lo guardé' }).click();
  await expect(page.getByRole('cell', { name: 'Sistema HIS e2e' })).toBeVisible();

  const res = await page.request.post('/api/v1/sandbox/cargatramites/registro-datos', {
    headers: { authorization: `Bearer ${token}` },
    multipart: {
      fechaDesde: '2026-03-01',
      fechaHasta: '2026-03-31',
      idServicio: '1',
      archivoDatos: {
        name: 'a.json',
        mimeType: 'application/json',
        buffer: Buffer.from(datos(0, '2026-03-02').replace(/"idTramite":"0"/g, '"idTramite":""')),
      },
    },
  });
  expect(res.status()).toBe(201);
  const body = await res.json();
  expect(body.mensaje).toBe('Carga exitosa');

  await page.goto('/integracion/sandbox-log');
  await expect(page.getByRole('heading', { name: 'Bitácora Sandbox' })).toBeVisible();
  await expect(page.getByRole('cell', { name: 'Carga exitosa' })).toBeVisible();
  await page.getByRole('tab', { name: 'Trámites de prueba' }).click();
  await expect(page.getByRole('cell', { name: body.numero })).toBeVisible();
  // Never among the real procedures.
  await page.goto('/tramite-carga');
  await expect(page.getByRole('heading', { name: 'Carga de trámites' })).toBeVisible();
  await expect(page.getByText(body.numero)).toHaveCount(0);
});

import fs from 'node:fs';
import path from 'node:path';
import { type APIRequestContext, type APIResponse, expect, type Page, test } from '@playwright/test';
import { COLUMNS, cedula, login, logout, PASSWORD, pickOption } from './helpers.ts';

/*
 * The observation conversation (issue 13 items 1, 4, 5, 6), as its users go through it: the medical
 * auditor raises an observation on an attention and one on a line item from the record page, the AM
 * supervisor sends them (e-mail with the report), the provider sees them on the procedure's
 * observations page, answers both and sends the answers, and the supervisor sees the answers on the
 * pending-observations review and decides on one. The procedure is built through the API the way a
 * provider's system would (create, upload, organise, send) and received and assigned by 17.
 */

const STD_OBS = 'COBRO EXCESIVO E2E';
const STD_RESP = 'SE ADJUNTA SUSTENTO E2E';

async function token(request: APIRequestContext, usuario: string) {
  const r = await request.post('/api/v1/auth/login', { data: { usuario, clave: PASSWORD } });
  expect(r.status(), await r.text()).toBe(200);
  return { authorization: `Bearer ${(await r.json()).token}` };
}

async function ok(res: Promise<APIResponse>) {
  const r = await res;
  expect(r.ok(), `${r.url()} → ${r.status()} ${await r.text()}`).toBe(true);
  return r.json();
}

/** An EN PROCESO procedure of April 2026 with two attentions of one line each, assigned to 18. */
async function tramiteEnProceso(request: APIRequestContext) {
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
        fechaDesde: '2026-04-01',
        fechaHasta: '2026-04-30',
        descripcion: 'OBSERVACIONES E2E',
        frecuenciaCarga: 'M',
      },
    }),
  );
  const idTramite: number = creado.item.idTramite;
  const filas = [0, 1].map((i) => {
    const f = `2026-04-0${i + 6}`;
    return [
      idTramite,
      8001 + i,
      cedula(800 + i),
      '',
      `PACIENTE OBSERVADO ${i + 1}`,
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
      multipart: { archivo: { name: 'abril.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } },
    }),
  );
  expect(carga.contadorErrores, carga.mensaje).toBe(0);
  await ok(request.post(`/api/v1/cargas/${carga.idCarga}/organizar`, { headers: prov }));
  await ok(request.post(`/api/v1/tramites/${idTramite}/acciones/enviar`, { headers: prov, data: {} }));
  const sup = await token(request, 'supervisor.am@demo.ec');
  await ok(
    request.post(`/api/v1/tramites/${idTramite}/acciones/recibir`, {
      headers: sup,
      data: { estadoActual: 'ENVIADO' },
    }),
  );
  const staff = await ok(request.get(`/api/v1/tramites/${idTramite}/asignaciones?tipo=M`, { headers: sup }));
  const auditor = staff.usuarios.find((u: { nombre: string }) => u.nombre === 'auditor.am@demo.ec');
  await ok(
    request.post(`/api/v1/tramites/${idTramite}/asignaciones`, {
      headers: sup,
      data: { tipo: 'M', idUsuario: auditor.idUsuario, idCarga: carga.idCarga },
    }),
  );
  // The insurer's standard observation (M) and answer, as its supervisor keeps them.
  const admin = await token(request, 'admin@demo.ec');
  await ok(
    request.post('/api/v1/catalogos/observacion', {
      headers: admin,
      data: { tipo: 'M', descripcion: STD_OBS },
    }),
  );
  await ok(request.post('/api/v1/catalogos/respuesta', { headers: admin, data: { descripcion: STD_RESP } }));
  const lista = await ok(
    request.get(`/api/v1/planillas?idTramite=${idTramite}&pageSize=10`, { headers: sup }),
  );
  const ids: number[] = lista.items
    .sort((a: { numero: string }, b: { numero: string }) => a.numero.localeCompare(b.numero))
    .map((p: { idPlanilla: number }) => p.idPlanilla);
  return { idTramite, idCarga: carga.idCarga as number, ids };
}

async function nuevaObservacion(page: Page, texto: string, detalle?: RegExp) {
  await page.getByRole('button', { name: 'Nueva observación' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva observación' });
  await expect(dialog).toBeVisible();
  // The standard observation is required.
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByText('Debe ingresar una observación estándar')).toBeVisible();
  if (detalle) {
    await dialog.getByLabel(/^Detalle/).click();
    await pickOption(page, '');
  }
  await dialog.getByLabel('Observación estándar').click();
  await pickOption(page, STD_OBS);
  await dialog.getByRole('textbox', { name: 'Observación complementaria' }).fill(texto);
  // Upper-case as typed; dictation is a real button.
  await expect(dialog.getByRole('textbox', { name: 'Observación complementaria' })).toHaveValue(
    texto.toUpperCase(),
  );
  await expect(dialog.getByRole('button', { name: 'Iniciar dictado' })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Registro creado exitosamente!').last()).toBeVisible();
  await expect(dialog).toBeHidden();
}

async function responder(page: Page, texto: string, estandar: boolean) {
  await page.getByRole('button', { name: 'Responder' }).first().click();
  await expect(page).toHaveURL(/\/pla(-det)?-obs-respuesta\/\d+\/M$/);
  await expect(page.getByText(STD_OBS)).toBeVisible();
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Ingrese una respuesta').first()).toBeVisible();
  await page.getByRole('button', { name: 'Aceptar' }).click();
  if (estandar) {
    await page.getByLabel('Respuesta estándar').click();
    await pickOption(page, STD_RESP);
  }
  await page.getByRole('textbox', { name: 'Respuesta complementaria' }).fill(texto);
  if (estandar) {
    // A browser without speech recognition: the button explains instead of doing nothing.
    await page.getByRole('button', { name: 'Iniciar dictado' }).click();
    await expect(page.getByText('Su navegador no permite el dictado por voz.').first()).toBeVisible();
    // A supporting document for the observed attention.
    await page.locator('input[type=file]').setInputFiles({
      name: 'sustento.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(`%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF ${Date.now()}\n`),
    });
    await page.getByRole('button', { name: 'Adjuntar documentos' }).click();
    await expect(page.getByText('1 documento de sustento cargado.').first()).toBeVisible();
  }
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Respuesta registrada exitosamente!').last()).toBeVisible();
  await expect(page).toHaveURL(/\/tramite-observaciones\/\d+/);
}

test('auditor observes, supervisor sends, provider answers, supervisor reviews', async ({ page }) => {
  test.setTimeout(240_000);
  const { idTramite, ids } = await tramiteEnProceso(page.request);

  // 1. The medical auditor: one observation on the attention, one on its line item.
  await login(page, 'auditor.am@demo.ec');
  await page.goto(`/planillaform/${idTramite}/EN%20PROCESO/${ids[0]}?tab=obs-am`);
  const tabla = page.getByRole('table', { name: 'Observaciones de Auditoría Médica' });
  await expect(tabla.getByText('No hay observaciones para este trámite/tipo.')).toBeVisible();
  await nuevaObservacion(page, 'falta el sustento');
  await expect(tabla.getByRole('row').filter({ hasText: 'FALTA EL SUSTENTO' })).toContainText('Borrador');
  await nuevaObservacion(page, 'cantidad no justificada', /./);
  const fila = tabla.getByRole('row').filter({ hasText: 'CANTIDAD NO JUSTIFICADA' });
  await expect(fila).toContainText('Detalle');
  // The text filter (Enter runs it).
  await page.getByLabel('Filtrar observaciones').fill('cantidad');
  await page.getByLabel('Filtrar observaciones').press('Enter');
  await expect(tabla.getByRole('row').filter({ hasText: 'FALTA EL SUSTENTO' })).toHaveCount(0);
  await expect(fila).toBeVisible();
  // The line item's own observations screen, from the row's level link.
  await fila.getByRole('link', { name: /^Detalle/ }).click();
  await expect(page).toHaveURL(/\/planilladet_pladetobs\/\d+\/EN%20PROCESO\/\d+\/M\/1\?idPlanilla=/);
  await expect(page.getByRole('heading', { name: /Observaciones del detalle/ })).toBeVisible();
  const det = page.getByRole('table', { name: 'Observaciones de Auditoría Médica' });
  await expect(det.getByRole('row').filter({ hasText: 'CANTIDAD NO JUSTIFICADA' })).toBeVisible();
  await expect(det.getByRole('row').filter({ hasText: 'FALTA EL SUSTENTO' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Nueva observación' })).toBeVisible();
  await logout(page);

  // 2. The AM supervisor sends them from the procedure page.
  await login(page, 'supervisor.am@demo.ec');
  await page.goto(`/tramiteform/${idTramite}`);
  await page.getByRole('button', { name: 'Enviar observaciones' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Enviar observaciones' }).click();
  await expect(page.getByText('Correo con reporte de observaciones enviado.').first()).toBeVisible();
  await expect(page.getByText('OBSERVACIONES', { exact: true }).first()).toBeVisible();
  await logout(page);

  // 3. The provider sees both, answers them and sends the answers.
  await page.addInitScript(() => {
    const w = window as unknown as Record<string, unknown>;
    delete w.webkitSpeechRecognition;
    delete w.SpeechRecognition;
  });
  await login(page, 'prestador@demo.ec');
  await page.goto(`/tramiteform-carga/${idTramite}`);
  await page.getByRole('button', { name: 'Observaciones' }).click();
  await expect(page).toHaveURL(new RegExp(`/tramite-observaciones/${idTramite}`));
  await expect(page.getByRole('tab', { name: 'Cabecera de atenciones' })).toBeVisible();
  // Sending before answering: the server says what is missing.
  await page.getByRole('button', { name: 'Enviar respuestas' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Enviar respuestas' }).click();
  const pendientes = page.getByRole('dialog', { name: 'Observaciones pendientes' });
  await expect(pendientes).toContainText('Quedan 2 observaciones de Auditoría Médica sin responder.');
  await pendientes.getByRole('button', { name: 'Aceptar' }).click();

  await expect(page.getByRole('table', { name: 'Observaciones del trámite' })).toContainText(
    'FALTA EL SUSTENTO',
  );
  await responder(page, 'se adjunta la historia clinica', true);
  await page.getByRole('tab', { name: 'Detalle de atenciones' }).click();
  await expect(page.getByRole('table', { name: 'Observaciones del trámite' })).toContainText(
    'CANTIDAD NO JUSTIFICADA',
  );
  await responder(page, 'la cantidad consta en la orden', false);
  await expect(page.getByRole('table', { name: 'Observaciones del trámite' })).toContainText(
    'LA CANTIDAD CONSTA EN LA ORDEN',
  );
  await page.getByRole('button', { name: 'Enviar respuestas' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Enviar respuestas' }).click();
  await expect(page.getByText('Éxito').first()).toBeVisible();
  await expect(page.getByText('EN PROCESO', { exact: true }).first()).toBeVisible();
  await logout(page);

  // 4. The supervisor reviews the answers: rows once a load and a type (M by default) are chosen.
  await login(page, 'supervisor.am@demo.ec');
  await page.goto(`/observaciones-tramite/${idTramite}`);
  await expect(page.getByText('Seleccione el periodo (carga) y el tipo de observación')).toBeVisible();
  await page.getByRole('combobox', { name: 'Periodo' }).click();
  await pickOption(page, '01/04/2026 – 30/04/2026');
  const revision = page.getByRole('table', { name: 'Revisión de observaciones' });
  await expect(revision).toContainText('SE ADJUNTA LA HISTORIA CLINICA');
  await expect(revision).toContainText('LA CANTIDAD CONSTA EN LA ORDEN');
  await revision
    .getByRole('button', { name: /Decidir la respuesta/ })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Se retira la glosa' }).click();
  await page.getByRole('dialog').getByRole('button', { name: 'Registrar decisión' }).click();
  await expect(page.getByText('Decisión sobre la respuesta registrada exitosamente!').first()).toBeVisible();
  await expect(revision.getByText('Se retira la glosa')).toBeVisible();
  // The line item's glosa is reduced to a new approved amount.
  await revision
    .getByRole('button', { name: /Decidir la respuesta/ })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Se reduce la glosa' }).click();
  const reducir = page.getByRole('dialog', { name: 'Se reduce la glosa' });
  await reducir.getByRole('button', { name: 'Registrar decisión' }).click();
  await expect(
    reducir.getByText('Para reducir la glosa indique el nuevo valor aprobado de la línea.'),
  ).toBeVisible();
  await reducir.getByLabel(/Nuevo valor aprobado/).fill('10,00');
  await reducir.getByRole('button', { name: 'Registrar decisión' }).click();
  await expect(reducir).toBeHidden();
  await expect(revision.getByText('Se reduce la glosa')).toBeVisible();

  // 'Observaciones por trámite': an ID and a type (17: M by default) open the procedure's tabs.
  await page.goto('/observaciones-01');
  await page.getByRole('button', { name: 'Consultar' }).click();
  await expect(page.getByText('Por favor, ingrese ID Trámite y Tipo de Observación')).toBeVisible();
  await page.getByLabel('ID Trámite').fill(String(idTramite));
  await page.getByRole('button', { name: 'Consultar' }).click();
  await expect(page).toHaveURL(new RegExp(`/observaciones-01/${idTramite}/M`));
  await expect(page.getByRole('table', { name: 'Observaciones del trámite' })).toContainText(
    'FALTA EL SUSTENTO',
  );

  // 5. The e-mails (the outbox's .eml files when SMTP_URL is unset; the config puts the server's
  // DATA_DIR in E2E_DATA_DIR): the provider got the observations, the supervisor the answers.
  const dataDir = process.env.E2E_DATA_DIR;
  expect(dataDir, 'E2E_DATA_DIR (set by e2e/playwright.config.ts)').toBeTruthy();
  {
    const outbox = path.join(dataDir as string, 'outbox');
    const para = (quien: RegExp) => () =>
      fs.existsSync(outbox) &&
      fs
        .readdirSync(outbox)
        .filter((f) => f.endsWith('.eml'))
        .some((f) => quien.test(fs.readFileSync(path.join(outbox, f), 'utf8')));
    await expect.poll(para(/^To: prestador@demo\.ec/m), { timeout: 30_000 }).toBe(true);
    await expect.poll(para(/^To: .*supervisor\.am@demo\.ec/m), { timeout: 30_000 }).toBe(true);
  }
});

import { expect, type Page, test } from '@playwright/test';
import { login } from './helpers.ts';
import { textoPdf } from './mail.ts';

/*
 * Issue 15 item 1: the two report blocks of the procedure page (docs/spec-summary.md 000 §2). The AM supervisor
 * opens the detailed attention sheets (report 11): 'Procesando...' while the server draws it, the
 * PDF in a new tab, read back with pdftotext; a failed request says the spec's error; the AM
 * auditor (18) of a procedure assigned by user sees the buttons disabled with the reason.
 */

async function bearer(page: Page) {
  const token = await page.evaluate(
    () => JSON.parse(localStorage.getItem('sesion') ?? '{}').token as string | undefined,
  );
  expect(token, 'signed in').toBeTruthy();
  return { authorization: `Bearer ${token}` };
}

async function enProceso(page: Page) {
  const res = await page.request.get('/api/v1/tramites?vista=todos&estado=EN%20PROCESO&pageSize=50', {
    headers: await bearer(page),
  });
  expect(res.ok(), await res.text()).toBe(true);
  const [t] = (await res.json()).items as Array<{ idTramite: number; numero: string }>;
  expect(t, 'the demo seed has a procedure EN PROCESO').toBeDefined();
  return t;
}

test('report blocks: Procesando..., the PDF in a new tab, the error message, disabled for 18 under U', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await login(page, 'supervisor.am@demo.ec');
  const t = await enProceso(page);
  await page.goto(`/tramiteform/${t.idTramite}`);

  const bloque1 = page.getByRole('group', { name: 'Reportes del trámite' });
  const bloque2 = page.getByRole('group', { name: 'Observaciones con respuestas' });
  for (const name of [
    'Reporte de Observaciones de Auditoría Médica (PDF)',
    'Reporte de Observaciones de Gestión Documental (PDF)',
    'Planillas de Atención Consolidadas (PDF)',
    'Planillas de Atención Detalladas (PDF)',
  ])
    await expect(bloque1.getByRole('button', { name })).toBeEnabled();
  await expect(bloque2.getByRole('button', { name: /Auditoría Médica/ })).toBeEnabled();
  await expect(bloque2.getByRole('button', { name: /Gestión Documental/ })).toBeEnabled();

  // Report 11: held 1.5 s on its way so that 'Procesando...' can be seen; a copy kept for the checks.
  // A worker draws it (decision 78): while it does the answer is 202 and the page asks again.
  // The first answer is a worker's progress as the API gives it after a worker was lost (202): the
  // button shows it and the page asks again after Retry-After.
  let pdf = Buffer.alloc(0);
  let primera = true;
  await page.route('**/api/v1/reportes/pdf/11/**', async (route) => {
    if (primera) {
      primera = false;
      await route.fulfill({
        status: 202,
        headers: { 'retry-after': '1', 'content-type': 'application/json' },
        body: JSON.stringify({
          estado: 'GENERANDO',
          intento: 2,
          maxIntentos: 3,
          progreso: 40,
          mensaje: 'Se reanudó la generación del reporte (intento 2 de 3): 40 %.',
        }),
      });
      return;
    }
    const response = await route.fetch();
    const body = await response.body();
    if (response.status() === 200) pdf = body;
    await new Promise((r) => setTimeout(r, 1500));
    await route.fulfill({ response, body });
  });
  const detalladas = bloque1.getByRole('button', { name: 'Planillas de Atención Detalladas (PDF)' });
  const [popup] = await Promise.all([page.waitForEvent('popup'), detalladas.click()]);
  await expect(detalladas).toContainText('Procesando... 40 %');
  await expect.poll(() => popup.url(), { timeout: 60_000 }).toMatch(/^blob:/);
  await expect(detalladas).toContainText('Planillas detalladas');
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const texto = textoPdf(pdf);
  if (texto !== null) {
    expect(texto).toContain(`Planillas de Atención Detalladas – Trámite ${t.numero}`);
    expect(texto).toMatch(/Total del trámite: \d+ atenciones · \d+ detalles/);
    expect(texto).toMatch(/Página 1 de \d+/);
  }
  await popup.close();

  // A failed request: the spec's message, the empty tab closed.
  await page.route('**/api/v1/reportes/pdf/10/**', (route) => route.abort());
  const [vacia] = await Promise.all([
    page.waitForEvent('popup'),
    bloque1.getByRole('button', { name: 'Planillas de Atención Consolidadas (PDF)' }).click(),
  ]);
  await expect(
    page.locator('.ant-modal-confirm-title', {
      hasText: 'Error al obtener el reporte. Verifique la conexión con el servidor.',
    }),
  ).toBeVisible();
  await expect.poll(() => vacia.isClosed()).toBe(true);
  await page.getByRole('button', { name: 'Aceptar' }).click();

  // 18 on a procedure assigned by user: the reports of every attention are not theirs to read.
  const asignacion = await page.request.get(`/api/v1/tramites/${t.idTramite}`, {
    headers: await bearer(page),
  });
  const { tipoAsignacion } = (await asignacion.json()) as { tipoAsignacion: string };
  await page.evaluate(() => localStorage.clear());
  await login(page, 'auditor.am@demo.ec');
  await page.goto(`/tramiteform/${t.idTramite}`);
  const boton = page
    .getByRole('group', { name: 'Reportes del trámite' })
    .getByRole('button', { name: 'Planillas de Atención Detalladas (PDF)' });
  if (tipoAsignacion === 'T') await expect(boton).toBeEnabled();
  else {
    await expect(boton).toBeDisabled();
    await boton.locator('xpath=..').hover();
    await expect(page.getByRole('tooltip')).toContainText('asignado a todos');
  }
});

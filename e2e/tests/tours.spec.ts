import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { login, PASSWORD } from './helpers.ts';

/*
 * Guided tours (issue 14 §4, decision 58): offered once on the first sign-in (remembered on the server, so not in
 * another browser either), walked step by step on the real screens, started again from Ayuda.
 */

test.describe.configure({ mode: 'serial' });

const PRESTADOR = 'prestador@demo.ec';

async function token(request: APIRequestContext, usuario: string) {
  const res = await request.post('/api/v1/auth/login', { data: { usuario, clave: PASSWORD } });
  expect(res.ok(), await res.text()).toBe(true);
  return { authorization: `Bearer ${(await res.json()).token}` };
}

/**
 * The user as on their first day: never offered a tour. Other specs of the run may have signed this demo user in
 * already, so the state is set rather than assumed.
 */
async function nuncaOfrecido(request: APIRequestContext, usuario: string) {
  const res = await request.put('/api/v1/auth/me/preferencias', {
    headers: await token(request, usuario),
    data: { recorridoOfrecido: false, recorridosCompletados: [] },
  });
  expect(res.ok(), await res.text()).toBe(true);
}

const oferta = (page: Page) =>
  page.locator('.ant-notification-notice').filter({ hasText: 'Recorrido guiado' });

/**
 * The tour shows step n with its title, on the route, pointing at the element: the highlight (antd's target
 * placeholder, the element's box plus a small gap) sits on the element.
 */
async function paso(page: Page, n: number, titulo: string, ruta: RegExp, objetivo: string) {
  const panel = page.locator('.ant-tour').filter({ hasText: titulo });
  await expect(panel).toBeVisible();
  await expect(panel).toContainText(`Paso ${n} de`);
  await expect(page).toHaveURL(ruta);
  const el = page.locator(objetivo).first();
  await expect(el).toBeVisible();
  await expect
    .poll(async () => {
      const t = await el.boundingBox();
      const h = await page.locator('.ant-tour-target-placeholder').boundingBox();
      if (!t || !h) return 'sin caja';
      const centro = (b: { x: number; y: number; width: number; height: number }) => [
        b.x + b.width / 2,
        b.y + b.height / 2,
      ];
      const [tx, ty] = centro(t);
      const [hx, hy] = centro(h);
      return Math.abs(tx - hx) < 10 && Math.abs(ty - hy) < 10 && Math.abs(h.width - t.width) < 24
        ? 'señalado'
        : `objetivo ${JSON.stringify(t)} resaltado ${JSON.stringify(h)}`;
    })
    .toBe('señalado');
  return panel;
}

const siguiente = (panel: ReturnType<Page['locator']>) =>
  panel.getByRole('button', { name: 'Siguiente' }).click();

test('the first sign-in offers the tour; the provider’s tour walks its steps on the real screens', async ({
  page,
  request,
}) => {
  await nuncaOfrecido(request, PRESTADOR);
  // A procedure of its own, REGISTRADO: the tour opens the newest one in that state, where the upload button is.
  const headers = await token(request, PRESTADOR);
  const [prestador] = await (await request.get('/api/v1/prestadores/mios', { headers })).json();
  const servicios = (await (await request.get('/api/v1/catalogos/servicio?pageSize=5', { headers })).json())
    .items;
  const creado = await request.post('/api/v1/tramites', {
    headers,
    data: {
      idPrestador: prestador.idPrestador,
      idServicio: servicios[0].idServicio,
      fechaDesde: '2026-01-01',
      fechaHasta: '2026-01-31',
      descripcion: 'Recorrido guiado (prueba e2e)',
      frecuenciaCarga: 'M',
    },
  });
  expect(creado.ok(), await creado.text()).toBe(true);
  const idTramite: number = (await creado.json()).item.idTramite;
  const tramite = new RegExp(`/tramiteform-carga/${idTramite}\\?tab=carga$`);

  await login(page, PRESTADOR);
  await expect(oferta(page)).toBeVisible();
  await expect(oferta(page)).toContainText('cargar y enviar un trámite');
  await oferta(page).getByRole('button', { name: 'Iniciar recorrido' }).click();
  // The tour takes the screen: the offer (and the login tip) go.
  await expect(oferta(page)).toHaveCount(0);

  let p = await paso(page, 1, 'Sus trámites', /\/tramite-carga$/, '[data-tour="tramites-lista"]');
  await expect(p).toContainText('Paso 1 de 8');
  await siguiente(p);
  p = await paso(page, 2, 'Nuevo trámite', /\/tramite-carga$/, '[data-tour="tramite-nuevo"]');
  await siguiente(p);
  p = await paso(page, 3, 'Un trámite por dentro', tramite, '[data-tour="tramite-pestanas"] .ant-tabs-nav');
  await siguiente(p);
  p = await paso(page, 4, 'Cargar el archivo de datos', tramite, '[data-tour="carga-subir"]');
  await expect(page.locator('[data-tour="carga-subir"]')).toHaveText(/Cargar Atenciones/);
  // Back and forth: 'Anterior' returns to the step before, on its screen.
  await p.getByRole('button', { name: 'Anterior' }).click();
  p = await paso(page, 3, 'Un trámite por dentro', tramite, '[data-tour="tramite-pestanas"] .ant-tabs-nav');
  await siguiente(p);
  p = await paso(page, 4, 'Cargar el archivo de datos', tramite, '[data-tour="carga-subir"]');
  await siguiente(p);
  p = await paso(page, 5, 'Las cargas y sus documentos', tramite, '[aria-label="Cargas del trámite"]');
  await siguiente(p);
  p = await paso(page, 6, 'Enviar el trámite', tramite, '[data-tour="pagina-acciones"]');
  await siguiente(p);
  p = await paso(page, 7, '¿Y ahora qué?', tramite, '[data-tour="tramite-ayuda"]');
  await siguiente(p);
  p = await paso(
    page,
    8,
    'La ayuda, siempre a mano',
    tramite,
    'nav[aria-label="Menú lateral"] [data-menu-id$="seccion:ayuda"]',
  );
  // The mask keeps the page out of reach while the tour runs.
  await expect(page.locator('.ant-tour-mask')).toBeVisible();
  await p.getByRole('button', { name: 'Finalizar' }).click();
  await expect(page.locator('.ant-tour-mask')).toHaveCount(0);

  // Remembered on the server: offered, and this tour completed.
  await expect
    .poll(async () => (await request.get('/api/v1/auth/me/preferencias', { headers })).json())
    .toEqual({ recorridoOfrecido: true, recorridosCompletados: ['prestador'] });
});

test('another browser, second sign-in: no offer; the tours start again from Ayuda', async ({ page }) => {
  const preferencias = page.waitForResponse(
    (r) => r.url().endsWith('/api/v1/auth/me/preferencias') && r.request().method() === 'GET',
  );
  await login(page, PRESTADOR);
  expect((await (await preferencias).json()).recorridoOfrecido).toBe(true);
  // The offer would have shown by now (it follows that answer); the login tip does show.
  await page.waitForTimeout(1500);
  await expect(oferta(page)).toHaveCount(0);

  // Ayuda › Recorridos guiados, in the side menu.
  const menu = page.getByRole('navigation', { name: 'Menú lateral' });
  await menu.getByText('Ayuda', { exact: true }).click();
  await menu.getByText('Recorridos guiados', { exact: true }).click();
  await expect(page).toHaveURL(/\/recorridos$/);
  await expect(page.getByRole('heading', { name: 'Recorridos guiados', level: 1 })).toBeVisible();
  const propio = page.locator('.ant-card').filter({ hasText: 'Cargar y enviar un trámite' });
  await expect(propio.getByText('Completado')).toBeVisible();
  await expect(
    propio.getByRole('list', { name: 'Pasos de Cargar y enviar un trámite' }).getByRole('listitem'),
  ).toHaveCount(8);

  // The general tour: the main menu, the side menu, the user's menu, this page.
  await page.getByRole('button', { name: 'Iniciar recorrido: Conozca la aplicación' }).click();
  let p = await paso(page, 1, 'Menú principal', /\/MenuPrincipal$/, '[data-tour="modulo-auditoria"]');
  await siguiente(p);
  p = await paso(page, 2, 'Menú lateral', /\/MenuPrincipal$/, 'nav[aria-label="Menú lateral"]');
  await siguiente(p);
  p = await paso(
    page,
    3,
    'Su usuario y las herramientas',
    /\/MenuPrincipal$/,
    '[data-tour="usuario-opciones"]',
  );
  // Leaving halfway: the X closes it, nothing is marked completed.
  await p.getByRole('button', { name: /close|cerrar/i }).click();
  await expect(page.locator('.ant-tour-mask')).toHaveCount(0);

  // Started again, it begins at its first step.
  await page.goto('/recorridos');
  await page.getByRole('button', { name: 'Repetir recorrido: Cargar y enviar un trámite' }).click();
  await paso(page, 1, 'Sus trámites', /\/tramite-carga$/, '[data-tour="tramites-lista"]');
  await page.keyboard.press('Escape');
  await expect(page.locator('.ant-tour-mask')).toHaveCount(0);

  // The route of the page the tours replace shows them.
  await page.goto('/videotutorial');
  await expect(page.getByRole('heading', { name: 'Recorridos guiados', level: 1 })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Iniciar recorrido: Conozca la aplicación' })).toBeVisible();
});

// The tour opens a pending attention with documents when the auditor's procedure has one (destinos.ts), and the
// documents step points at the panel beside the data. After the other journeys have worked the demo procedures the
// opened attention may have none: then the product shows that step centred (no element to point at), its text still
// saying where the documents appear. The test checks whichever the opened attention calls for.
test('the audit tour reaches the record page: review bar, shortcuts, documents, observations', async ({
  page,
}) => {
  // Started from Ayuda (so the first-sign-in offer, whatever its state, does not matter here).
  await login(page, 'auditor.am@demo.ec');
  await page.goto('/recorridos');
  await page.getByRole('button', { name: /recorrido: Revisar atenciones/ }).click();
  let p = await paso(page, 1, 'Sus trámites', /\/tramite-asignados$/, '[data-tour="tramites-lista"]');
  await siguiente(p);
  p = await paso(
    page,
    2,
    'Un trámite por dentro',
    /\/tramiteform\/\d+\?tab=atenciones$/,
    '[data-tour="tramite-pestanas"] .ant-tabs-nav',
  );
  await siguiente(p);
  p = await paso(
    page,
    3,
    'Atenciones médicas',
    /\/tramiteform\/\d+\?tab=atenciones$/,
    '[aria-label="Atenciones médicas"]',
  );
  await siguiente(p);
  const ficha = /\/planillaform\/\d+\/[^/]+\/\d+/;
  p = await paso(page, 4, 'La barra de revisión', ficha, '[data-tour="revision-barra"]');
  // The real bar: the attention's AM and GD states (its buttons depend on the state other specs left it in).
  await expect(page.locator('[data-tour="revision-barra"]')).toContainText('AM:');
  await siguiente(p);
  p = await paso(page, 5, 'Atajos de teclado', ficha, '[data-tour="revision-atajos"]');
  await expect(p).toContainText('Alt + R');
  await siguiente(p);
  if ((await page.locator('[data-tour="planilla-documentos"]').count()) > 0) {
    p = await paso(page, 6, 'Documentos al lado', ficha, '[data-tour="planilla-documentos"]');
  } else {
    p = page.locator('.ant-tour').filter({ hasText: 'Documentos al lado' });
    await expect(p).toBeVisible();
    await expect(p).toContainText('Paso 6 de');
    await expect(page).toHaveURL(ficha);
    await expect(p).toContainText('se ven a la derecha');
  }
  await siguiente(p);
  p = await paso(page, 7, 'Observaciones', ficha, '[role="tab"][id$="-tab-obs-am"]');
  await siguiente(p);
  p = await paso(
    page,
    8,
    'La ayuda, siempre a mano',
    ficha,
    'nav[aria-label="Menú lateral"] [data-menu-id$="seccion:ayuda"]',
  );
  await p.getByRole('button', { name: 'Finalizar' }).click();
  await expect(page.locator('.ant-tour-mask')).toHaveCount(0);
});

import { expect, type Page, test } from '@playwright/test';
import { MSG_ADMIN } from '../../packages/domain/src/admin/messages.ts';
import { cedula, login, pickOption, sessionToken } from './helpers.ts';

/**
 * A day-one office (issue 14 §4) at 1366×768: Spanish list headers, a person wizard that says what
 * each step did, a question before leaving a form with changes (never after saving), text fields that
 * show their limit, and tab strips and step titles that fit the screen.
 */

test.use({ viewport: { width: 1366, height: 768 } });

const SIN_GUARDAR = 'Hay cambios sin guardar. ¿Desea salir sin guardarlos?';

/** The question asked before leaving a page with changes. */
const aviso = (page: Page) => page.getByRole('dialog').filter({ hasText: 'Cambios sin guardar' });

test('the users list says its dates in Spanish, dd/MM/yyyy', async ({ page }) => {
  await login(page, 'admin@demo.ec');
  await page.goto('/usuario');
  await expect(page.getByRole('heading', { name: 'Usuarios', level: 1 })).toBeVisible();
  const tabla = page.getByRole('table', { name: 'Usuarios' });
  await expect(tabla.getByRole('columnheader', { name: 'Fecha de registro' })).toBeVisible();
  await expect(tabla.getByRole('columnheader', { name: 'Última actualización' })).toBeVisible();
  await expect(tabla.getByRole('columnheader', { name: /FechaReg|FechaAct/ })).toHaveCount(0);
  const columnas = await tabla.getByRole('columnheader').allInnerTexts();
  const i = columnas.findIndex((c) => c.trim() === 'Fecha de registro');
  const celda = tabla.getByRole('row').nth(1).getByRole('cell').nth(i);
  await expect(celda).toHaveText(/^\d{2}\/\d{2}\/\d{4}$/);
});

test('the person wizard says what each step did, asks before abandoning a half-created person and completes only at the end', async ({
  page,
}) => {
  const n = Date.now() % 1_000_000;
  await login(page, 'admin@demo.ec');
  await page.goto('/persona');
  // Reached inside the app, so the browser's Back below stays in it.
  await page.getByRole('button', { name: 'Nuevo' }).click();
  await expect(page.getByRole('heading', { name: 'Nueva Persona' })).toBeVisible();
  const paso1 = page.locator('#paso_persona');

  // Text fields show their limit and the count (the schema's: 60 for a name, 300 for the address).
  const campo = (label: string) => paso1.locator('.ant-form-item').filter({ has: page.getByLabel(label) });
  await expect(campo('Dirección')).toContainText('0 / 300');
  await paso1.getByLabel('Primer nombre').fill('Ana');
  await expect(campo('Primer nombre')).toContainText('3 / 60');
  await expect(campo('Documento')).toContainText('0 / 10');

  // Typed but not saved: the side menu's 'Inicio' asks; 'Quedarse' keeps what was typed.
  await page.getByRole('navigation', { name: 'Menú lateral' }).getByText('Inicio').click();
  await expect(aviso(page)).toContainText(SIN_GUARDAR);
  await aviso(page).getByRole('button', { name: 'Quedarse' }).click();
  await expect(aviso(page)).toBeHidden();
  await expect(page).toHaveURL(/\/persona\/nueva$/);
  await expect(paso1.getByLabel('Primer nombre')).toHaveValue('ANA');

  const doc = cedula(500_000 + n);
  await paso1.getByLabel('Tipo de identificación').click();
  await pickOption(page, 'CÉDULA');
  await paso1.getByLabel('Documento').fill(doc);
  await paso1.getByLabel('Estado civil').click();
  await pickOption(page, 'SOLTERO');
  await paso1.getByLabel('Segundo nombre').fill('Lucía');
  await paso1.getByLabel('Primer apellido').fill('Mora');
  await paso1.getByLabel('Segundo apellido').fill('Vega');
  await paso1.getByLabel('Fecha de nacimiento').fill('02/03/1985');
  await paso1.getByLabel('Fecha de nacimiento').press('Enter');
  await paso1.getByLabel('Sexo').click();
  await pickOption(page, 'Femenino');
  await paso1.getByLabel('Teléfono').fill('0997654321');
  await paso1.getByLabel('Localidad').fill('cuen');
  await pickOption(page, 'CUENCA');
  const correo = `ana.mora.${n}@demo-oficina.ec`;
  await paso1.getByLabel('Correo electrónico', { exact: true }).fill(correo);
  await paso1.getByLabel('Dirección').fill('Av. Loja 2-10');
  await page.getByRole('button', { name: 'Guardar y continuar' }).click();

  // Step 1 says it created the person and what comes next, not 'Registro completado'.
  const avisos = page.locator('.ant-notification');
  await expect(avisos).toContainText(MSG_ADMIN.wizardPersona(false));
  await expect(avisos).not.toContainText('Registro completado');
  const paso2 = page.locator('#paso_usuario');
  await expect(paso2.getByLabel('Usuario (correo electrónico)')).toBeVisible();

  // The person exists without a user: the browser's Back asks first.
  await page.goBack();
  await expect(aviso(page)).toContainText(MSG_ADMIN.wizardIncompleto);
  await aviso(page).getByRole('button', { name: 'Quedarse' }).click();
  await expect(page).toHaveURL(/\/persona\/nueva$/);
  await expect(paso2.getByLabel('Usuario (correo electrónico)')).toBeVisible();

  await paso2.getByLabel('Perfil').click();
  await pickOption(page, 'AUDITOR MÉDICO');
  await paso2.getByLabel('Usuario (correo electrónico)').fill(correo);
  await paso2.getByLabel('Contraseña', { exact: true }).fill('Oficina.2026');
  await page.getByRole('button', { name: 'Guardar y continuar' }).click();
  await expect(avisos).toContainText(MSG_ADMIN.wizardUsuario(false));
  await expect(avisos).not.toContainText('Registro completado');

  // Finishing without the optional doctor: 'Registro completado' now, and no question on the way out.
  await page.getByRole('button', { name: 'Finalizar sin registrar médico' }).click();
  await expect(page).toHaveURL(/\/personaform\/\d+\?tab=usuario$/);
  await expect(aviso(page)).toHaveCount(0);
  await expect(avisos).toContainText(MSG_ADMIN.wizardCompleto(false));
  await expect(page.getByRole('heading', { name: /ANA LUCÍA MORA VEGA/ })).toBeVisible();
});

test('a record form with changes asks before leaving, not after saving; a reload gets the browser question', async ({
  page,
}) => {
  await login(page, 'admin@demo.ec');
  const t = await sessionToken(page);
  const res = await page.request.get('/api/v1/personas?pageSize=1', {
    headers: { authorization: `Bearer ${t}` },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const { idPersona } = (await res.json()).items[0] as { idPersona: number };
  await page.goto(`/personaform/${idPersona}`);
  const form = page.locator('#persona');
  const direccion = form.getByLabel('Dirección');
  await expect(direccion).toBeVisible();
  const original = await direccion.inputValue();

  // Nothing typed: leaving does not ask.
  await page.locator('.ant-breadcrumb').getByRole('link', { name: 'Personas' }).click();
  await expect(page).toHaveURL(/\/persona$/);
  await page.goBack();
  await expect(direccion).toHaveValue(original);

  // Typed: the breadcrumb asks; 'Salir sin guardar' leaves and the change is lost.
  await direccion.fill(`${original} B`);
  await page.locator('.ant-breadcrumb').getByRole('link', { name: 'Personas' }).click();
  await expect(aviso(page)).toContainText(SIN_GUARDAR);
  await aviso(page).getByRole('button', { name: 'Salir sin guardar' }).click();
  await expect(page).toHaveURL(/\/persona$/);

  // Saved: leaving right after does not ask.
  await page.goto(`/personaform/${idPersona}`);
  await expect(direccion).toHaveValue(original);
  await direccion.fill(`${original} C`.slice(0, 300));
  await page.getByRole('button', { name: 'Actualizar' }).click();
  await expect(page.locator('.ant-notification')).toContainText(MSG_ADMIN.personaGuardada);
  await page.locator('.ant-breadcrumb').getByRole('link', { name: 'Personas' }).click();
  await expect(page).toHaveURL(/\/persona$/);
  await expect(aviso(page)).toHaveCount(0);

  // A reload or closing the tab with changes: the browser's own question.
  await page.goto(`/personaform/${idPersona}`);
  // The record loaded first: typing into the field before its value arrives would be overwritten by it.
  await expect(direccion).toHaveValue(`${original} C`.slice(0, 300));
  // Typed by the user (the browser asks only after a real gesture on the page).
  await direccion.click();
  await page.keyboard.press('End');
  await page.keyboard.type(' D');
  // The page marks itself a frame after the keystroke (React's effects): a person cannot reload within
  // that millisecond, the test can. Wait until the page's own beforeunload handler would ask.
  await expect
    .poll(() =>
      page.evaluate(() => {
        const e = new Event('beforeunload', { cancelable: true });
        window.dispatchEvent(e);
        return e.defaultPrevented;
      }),
    )
    .toBe(true);
  const dialogo = page.waitForEvent('dialog');
  await page.close({ runBeforeUnload: true });
  const d = await dialogo;
  expect(d.type()).toBe('beforeunload');
  await d.accept();
});

test('a catalogue modal shows the limit of its text fields and asks before leaving with typed text', async ({
  page,
}) => {
  await login(page, 'plataforma@demo.ec');
  await page.goto('/tipoiden');
  // An in-app history entry after this page, so the browser's Forward below stays in the app.
  await page.getByRole('navigation', { name: 'Menú lateral' }).getByText('Inicio').click();
  await expect(page).toHaveURL(/\/MenuPrincipal$/);
  await page.goBack();
  await expect(page).toHaveURL(/\/tipoiden$/);
  await page.getByRole('button', { name: 'Nuevo' }).click();
  const modal = page.getByRole('dialog');
  await expect(modal).toBeVisible();
  const nombre = modal.getByRole('textbox', { name: 'Nombre' });
  const item = modal.locator('.ant-form-item').filter({ has: page.getByRole('textbox', { name: 'Nombre' }) });
  // The 120 characters that were cut silently before (issue 14 §4).
  await expect(item).toContainText('0 / 120');
  await expect(modal.locator('.ant-form-item').filter({ hasText: 'Código' })).toContainText('0 / 5');
  await nombre.fill('PASAPORTE DIPLOMÁTICO');
  await expect(item).toContainText('21 / 120');
  await page.goForward();
  await expect(aviso(page)).toContainText(SIN_GUARDAR);
  await aviso(page).getByRole('button', { name: 'Quedarse' }).click();
  await expect(nombre).toHaveValue('PASAPORTE DIPLOMÁTICO');
  // Cancelling the modal drops the text on purpose: leaving no longer asks.
  await modal.getByRole('button', { name: 'Cancelar' }).click();
  await page.getByRole('navigation', { name: 'Menú lateral' }).getByText('Inicio').click();
  await expect(page).toHaveURL(/\/MenuPrincipal$/);
  await expect(aviso(page)).toHaveCount(0);
});

/** Words of an element's text drawn over two lines (a title broken inside a word: 'Registrad / o'). */
async function palabrasPartidas(page: Page, selector: string) {
  return page.locator(selector).evaluateAll((els) =>
    els.flatMap((el) => {
      const out: string[] = [];
      const walker = document.createTreeWalker(el, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent ?? '';
        for (const m of text.matchAll(/\S+/g)) {
          const r = document.createRange();
          r.setStart(node, m.index ?? 0);
          r.setEnd(node, (m.index ?? 0) + m[0].length);
          const tops = new Set([...r.getClientRects()].map((x) => Math.round(x.top)));
          if (tops.size > 1) out.push(m[0]);
        }
      }
      return out;
    }),
  );
}

async function sinDesborde(page: Page) {
  const { scroll, client } = await page.evaluate(() => ({
    scroll: document.documentElement.scrollWidth,
    client: document.documentElement.clientWidth,
  }));
  expect(scroll).toBeLessThanOrEqual(client);
  // Every tab is on screen: no '…' menu hiding some of them.
  await expect(page.locator('.ant-tabs-nav-operations:not(.ant-tabs-nav-operations-hidden)')).toHaveCount(0);
  for (const tab of await page.getByRole('tab').all()) {
    await expect(tab).toBeVisible();
    const box = await tab.boundingBox();
    expect(box && box.x + box.width).toBeLessThanOrEqual(client);
  }
}

test('tab strips and step titles fit 1366×768 on the procedure page and the administration', async ({
  page,
}) => {
  await login(page, 'revisor@demo.ec');
  const t = await sessionToken(page);
  const res = await page.request.get('/api/v1/tramites?vista=todos&estado=EN%20PROCESO&pageSize=1', {
    headers: { authorization: `Bearer ${t}` },
  });
  const { idTramite } = (await res.json()).items[0] as { idTramite: number };
  await page.goto(`/tramiteform/${idTramite}`);
  await expect(page.getByTestId('pasos-tramite')).toBeVisible();
  await expect(page.getByRole('tab', { name: 'Datos del archivo' })).toBeVisible();
  await sinDesborde(page);
  expect(await palabrasPartidas(page, '.ant-steps-item-title')).toEqual([]);
  // A tab on the second row opens and shows as the active one.
  await page.getByRole('tab', { name: 'Bitácora' }).click();
  await expect(page.getByRole('tab', { name: 'Bitácora' })).toHaveAttribute('aria-selected', 'true');
  await sinDesborde(page);

  await login(page, 'admin@demo.ec');
  await page.goto('/empresa');
  await expect(page.getByRole('heading', { name: 'Empresas', level: 1 })).toBeVisible();
  await sinDesborde(page);
  await page.getByRole('table').getByRole('row').nth(1).dblclick();
  await expect(page).toHaveURL(/\/empresaform\/\d+/);
  await expect(page.getByRole('tab').first()).toBeVisible();
  await sinDesborde(page);
  await page.goto('/persona/nueva');
  await expect(page.getByRole('heading', { name: 'Nueva Persona' })).toBeVisible();
  await sinDesborde(page);
  expect(await palabrasPartidas(page, '.ant-steps-item-title')).toEqual([]);
});

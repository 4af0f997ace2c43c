import { expect, type Page, test } from '@playwright/test';
import { login, logout } from './helpers.ts';

/*
 * Issue 14 §3: the next step is always visible. The procedure page shows where the procedure is on
 * its road and the one thing this user should do next, with the button that does it; the side menu
 * reaches the other module and the tools from any page.
 */

type Auth = { authorization: string };

async function authOf(page: Page): Promise<Auth> {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('sesion') ?? '{}').token as string);
  return { authorization: `Bearer ${token}` };
}

async function tramiteEn(page: Page, vista: string, estado: string): Promise<number> {
  const res = await page.request.get(
    `/api/v1/tramites?vista=${vista}&estado=${encodeURIComponent(estado)}&pageSize=10`,
    { headers: await authOf(page) },
  );
  expect(res.ok(), await res.text()).toBe(true);
  const items = (await res.json()).items as { idTramite: number }[];
  expect(items.length, `un trámite ${estado} en la demo`).toBeGreaterThan(0);
  return items[0].idTramite;
}

test('each profile sees the procedure’s step and its own next step, and the button takes it there', async ({
  page,
}) => {
  // The provider, with a procedure just registered: load the data file.
  await login(page, 'prestador@demo.ec');
  const registrado = await tramiteEn(page, 'carga', 'REGISTRADO');
  await page.goto(`/tramiteform-carga/${registrado}?tab=bitacora`);
  const pasos = page.getByTestId('pasos-tramite');
  await expect(pasos.locator('.ant-steps-item-process')).toContainText('Registrado');
  await expect(pasos.getByTestId('siguiente-paso')).toHaveText(
    'Cargue el archivo de datos con las atenciones del período.',
  );
  await pasos.getByRole('button', { name: 'Cargar atenciones' }).click();
  await expect(page).toHaveURL(/tab=carga/);
  await expect(page.getByRole('tab', { name: 'Datos y carga de archivos', selected: true })).toBeVisible();

  // The same provider on a procedure the insurer is auditing: nothing to do but wait, and no button.
  const enProceso = await tramiteEn(page, 'carga', 'EN PROCESO');
  await page.goto(`/tramiteform-carga/${enProceso}`);
  await expect(pasos.getByTestId('siguiente-paso')).toHaveText(
    'La aseguradora está auditando las atenciones.',
  );
  await expect(pasos.getByRole('button')).toHaveCount(0);
  await expect(pasos.locator('.ant-steps-item-process')).toContainText('En auditoría');

  // The AM auditor on the same procedure: review the assigned attentions.
  await logout(page);
  await login(page, 'auditor.am@demo.ec');
  await page.goto(`/tramiteform/${enProceso}?tab=bitacora`);
  await expect(pasos.getByTestId('siguiente-paso')).toHaveText('Revise las atenciones que tiene asignadas.');
  await pasos.getByRole('button', { name: 'Revisar atenciones' }).click();
  await expect(page).toHaveURL(/tab=atenciones/);

  // The AM supervisor on a sent procedure: receive it (the page also asks once; answer no).
  await logout(page);
  await login(page, 'supervisor.am@demo.ec');
  const enviado = await tramiteEn(page, 'todos', 'ENVIADO');
  await page.goto(`/tramiteform/${enviado}`);
  await page
    .getByRole('dialog', { name: /¿Desea recibirlo ahora\?/ })
    .getByRole('button', { name: 'No', exact: true })
    .click();
  await expect(pasos.getByTestId('siguiente-paso')).toHaveText(
    'Reciba el trámite para comenzar la auditoría.',
  );
  await pasos.getByRole('button', { name: 'Recibir trámite' }).click();
  await expect(page.getByText('Trámite recibido exitosamente.')).toBeVisible();
  await expect(pasos.getByTestId('siguiente-paso')).toHaveText(
    'Asigne las atenciones a los auditores y gestores para comenzar la auditoría.',
  );
  await expect(pasos.locator('.ant-steps-item-process')).toContainText('Recibido');
});

test('the side menu reaches the other module and the tools from any page', async ({ page }) => {
  await login(page, 'admin@demo.ec');
  const menu = page.getByRole('menu').first();
  // The admin has both modules: the side menu offers the one it is not in, from any page, and back
  // (issue 14 §3: administration hid behind the home page's card).
  await page.getByRole('menuitem', { name: 'Ir a Administración' }).click();
  await expect(page).toHaveURL(/\/tipoiden$/);
  await page.getByRole('menuitem', { name: 'Ir a Auditoría Médica' }).click();
  await expect(page).toHaveURL(/\/tramite-asignados$/);
  // The tools, one click away.
  await menu.getByRole('menuitem', { name: 'Herramientas' }).click();
  await page.getByRole('menuitem', { name: 'Vademecum' }).click();
  await expect(page).toHaveURL(/\/vademecum$/);
});

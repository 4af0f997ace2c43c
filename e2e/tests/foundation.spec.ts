import { expect, test } from '@playwright/test';
import { login, PASSWORD } from './helpers.ts';

// Each demo profile sees its own module cards and links (docs/spec-summary.md 000 "Home / module chooser").
const PROFILES = [
  { usuario: 'admin@demo.ec', cards: ['Administración', 'Auditoría Médica'], links: ['Parámetros'] },
  {
    usuario: 'prestador@demo.ec',
    cards: ['Auditoría Médica'],
    links: ['Trámites'],
    notLinks: ['Trámites Asignados'],
  },
  {
    usuario: 'revisor@demo.ec',
    cards: ['Auditoría Médica'],
    links: ['Trámites Asignados'],
    notLinks: ['Trámites Procesados'],
  },
  {
    usuario: 'supervisor.am@demo.ec',
    cards: ['Auditoría Médica'],
    links: ['Trámites Asignados', 'Trámites', 'Trámites Procesados'],
  },
  {
    usuario: 'auditor.am@demo.ec',
    cards: ['Auditoría Médica'],
    links: ['Trámites Asignados'],
    notLinks: ['Trámites Procesados'],
  },
  {
    usuario: 'supervisor.gd@demo.ec',
    cards: ['Auditoría Médica'],
    links: ['Trámites Asignados', 'Trámites', 'Trámites Procesados'],
  },
  {
    usuario: 'gestor.gd@demo.ec',
    cards: ['Auditoría Médica'],
    links: ['Trámites Asignados'],
    notLinks: ['Trámites Procesados'],
  },
];

for (const p of PROFILES) {
  test(`${p.usuario} sees the right cards and menu`, async ({ page }) => {
    await login(page, p.usuario);
    const main = page.getByRole('main');
    for (const c of p.cards) await expect(main.getByText(c, { exact: true }).first()).toBeVisible();
    if (!p.cards.includes('Administración'))
      await expect(main.getByText('Administración', { exact: true })).toHaveCount(0);
    for (const l of p.links) await expect(main.getByRole('link', { name: l, exact: true })).toBeVisible();
    for (const l of p.notLinks ?? [])
      await expect(main.getByRole('link', { name: l, exact: true })).toHaveCount(0);
    await expect(page.getByText('Use el menú lateral para acceder a las demás opciones.')).toBeVisible();
    // Top bar: the user's name and profile.
    await expect(page.getByRole('banner')).toContainText(p.usuario);
  });
}

test('wrong password shows the Spanish message', async ({ page }) => {
  await page.goto('/Login');
  await page.getByLabel('Usuario').fill('admin@demo.ec');
  await page.getByLabel('Contraseña').fill('incorrecta');
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page.getByText('Usuario o contraseña incorrectos')).toBeVisible();
});

test('a signed-out visitor is sent to /Login; unknown routes show the Spanish 404', async ({ page }) => {
  await page.goto('/tipoiden');
  await expect(page).toHaveURL(/\/Login/);
  await page.goto('/no-existe-esta-ruta');
  await expect(page.getByText('Página no encontrada')).toBeVisible();
});

// Tipos de Examen is system-wide (parametros.ts): only the platform operator writes it (issue 11
// item 3); a tenant's administrator reads it (next test).
test('the platform operator creates, searches, edits and deletes a system-wide catalogue row', async ({
  page,
}) => {
  await login(page, 'plataforma@demo.ec');
  await page.goto('/tipoexamen');
  await expect(page.getByRole('heading', { name: 'Tipos de Examen' })).toBeVisible();
  await page.getByRole('button', { name: 'Nuevo' }).click();
  const modal = page.getByRole('dialog');
  await expect(modal.getByText('Crear Tipo de Examen')).toBeVisible();
  await modal.getByRole('button', { name: 'Guardar' }).click();
  await expect(modal.getByText('El campo Nombre es obligatorio.')).toBeVisible();
  await modal.getByLabel('Nombre').fill('densitometría ósea');
  await modal.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('¡Correcto!')).toBeVisible();

  const search = page.getByPlaceholder('Buscar...');
  await search.fill('densitometria');
  await search.press('Enter');
  await expect(page).toHaveURL(/q=densitometria/);
  const row = page.getByRole('row', { name: /DENSITOMETRÍA ÓSEA/ });
  await expect(row).toBeVisible();
  await expect(page.getByRole('row')).toHaveCount(2);

  await row.dblclick();
  await expect(modal.getByText('Editar Tipo de Examen')).toBeVisible();
  await modal.getByLabel('Nombre').fill('DENSITOMETRÍA ÓSEA DE CADERA');
  await modal.getByRole('button', { name: 'Actualizar' }).click();
  await expect(page.getByRole('row', { name: /DENSITOMETRÍA ÓSEA DE CADERA/ })).toBeVisible();

  await page
    .getByRole('row', { name: /DENSITOMETRÍA ÓSEA DE CADERA/ })
    .getByRole('button', { name: /Opciones/ })
    .click();
  await page.getByRole('menuitem', { name: 'Eliminar' }).click();
  // On a loaded machine a click during the dialog's opening animation can be lost: click until it closes.
  const confirmar = page.getByRole('dialog', { name: '¿Eliminar Tipo de Examen?' });
  await expect(confirmar.getByRole('button', { name: 'Eliminar' })).toBeVisible();
  await expect(async () => {
    if (await confirmar.isVisible())
      await confirmar.getByRole('button', { name: 'Eliminar' }).click({ timeout: 2000 });
    await expect(confirmar).toBeHidden({ timeout: 2000 });
  }).toPass({ timeout: 20_000 });
  await expect(page.getByRole('row', { name: /DENSITOMETRÍA ÓSEA DE CADERA/ })).toHaveCount(0);
  await page.getByRole('button', { name: 'Todos los registros' }).click();
  await expect(page.getByText(/Total: \d+ registros/)).toBeVisible();
});

test("a tenant's administrator reads a system-wide catalogue but cannot write it", async ({ page }) => {
  // Issue 11 item 3: administrators of any subscription used to create, change and delete the
  // shared catalogues; now the list is read-only for them and the API refuses the write.
  await login(page, 'admin@demo.ec');
  await page.goto('/tipoexamen');
  await expect(page.getByRole('heading', { name: 'Tipos de Examen' })).toBeVisible();
  await expect(page.getByRole('table', { name: 'Tipos de Examen' }).getByRole('row').nth(1)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Nuevo' })).toHaveCount(0);
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('sesion') ?? '{}').token as string);
  const res = await page.request.post('/api/v1/catalogos/tipoexamen', {
    headers: { authorization: `Bearer ${token}` },
    data: { nombre: 'NO DEBE GUARDARSE' },
  });
  expect(res.status(), await res.text()).toBe(403);
});

test('a provider cannot open an administration catalogue', async ({ page }) => {
  await login(page, 'prestador@demo.ec');
  await page.goto('/tipoiden');
  await expect(page.getByText('No autorizado').first()).toBeVisible();
});

test('a user changes the password and signs in with the new one', async ({ page }) => {
  await login(page, 'gestor.gd@demo.ec');
  await page.goto('/actualizarclave');
  await page.getByLabel('Contraseña actual').fill(PASSWORD);
  await page.getByLabel('Nueva contraseña', { exact: true }).fill('corta');
  await page.getByLabel('Confirmar nueva contraseña').fill('corta');
  await page.getByRole('button', { name: 'Actualizar contraseña' }).click();
  await expect(page.getByText('La nueva contraseña debe tener al menos 8 caracteres')).toBeVisible();
  await page.getByLabel('Nueva contraseña', { exact: true }).fill('Gestor.2027');
  await page.getByLabel('Confirmar nueva contraseña').fill('Gestor.2027');
  await page.getByRole('button', { name: 'Actualizar contraseña' }).click();
  await expect(page.getByText('Contraseña actualizada con éxito')).toBeVisible();
  await page.evaluate(() => localStorage.clear());
  await login(page, 'gestor.gd@demo.ec', 'Gestor.2027');
  // Back to the demo password: the other journeys of this run sign in as this user.
  await page.goto('/actualizarclave');
  await page.getByLabel('Contraseña actual').fill('Gestor.2027');
  await page.getByLabel('Nueva contraseña', { exact: true }).fill(PASSWORD);
  await page.getByLabel('Confirmar nueva contraseña').fill(PASSWORD);
  await page.getByRole('button', { name: 'Actualizar contraseña' }).click();
  await expect(page.getByText('Contraseña actualizada con éxito')).toBeVisible();
});

test('inactivity: after 30 minutes the dialog appears and Aceptar goes to /Login', async ({ page }) => {
  await page.clock.install();
  await login(page, 'supervisor.am@demo.ec');
  await page.clock.fastForward('29:00');
  await expect(page.getByText('Inactividad detectada')).toHaveCount(0);
  await page.clock.fastForward('01:30');
  await expect(page.getByText('Inactividad detectada')).toBeVisible();
  await expect(
    page.getByText('Se ha detectado inactividad. Serás redirigido a la página de inicio de sesión.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Aceptar' }).click();
  await expect(page).toHaveURL(/\/Login/);
  const stored = await page.evaluate(() => localStorage.getItem('sesion'));
  expect(stored).toBeNull();
});

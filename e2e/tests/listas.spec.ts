import { expect, test } from '@playwright/test';
import { login } from './helpers.ts';

/*
 * A list whose page fails says why above its table and offers 'Reintentar', which loads it again
 * (DataTable's `consulta`, given by usePagedList and tablaDeConsulta: one place for every list).
 */
test('a list that fails to load says the server’s message and Reintentar loads it', async ({ page }) => {
  await login(page, 'prestador@demo.ec');
  let fallar = true;
  await page.route(/\/api\/v1\/tramites\?/, async (route) => {
    if (!fallar) return route.continue();
    await route.fulfill({
      status: 503,
      contentType: 'application/json',
      body: JSON.stringify({
        error: { code: 'NO_DISPONIBLE', message: 'Servicio no disponible por mantenimiento.' },
      }),
    });
  });
  await page.goto('/tramite-carga');
  const tabla = page.getByRole('table', { name: /trámites/i });
  const aviso = page.getByRole('alert').filter({ hasText: 'Servicio no disponible por mantenimiento.' });
  await expect(aviso).toBeVisible();
  await expect(tabla.getByText(/^TR-\d{4}-/)).toHaveCount(0); // no rows were shown
  fallar = false;
  await aviso.getByRole('button', { name: 'Reintentar' }).click();
  await expect(aviso).toBeHidden();
  await expect(tabla.getByText(/^TR-\d{4}-/).first()).toBeVisible();
});

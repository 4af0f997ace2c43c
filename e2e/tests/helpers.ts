import { expect, type Page } from '@playwright/test';

/** The columns of the claim data file, from their one declaration (docs/design-summary.md §6). */
export { COLUMNAS_DATOS as COLUMNS } from '../../packages/domain/src/cargas/columns.ts';

export const PASSWORD = 'Demo.2026';

/** Signs in through the login form and waits for the main menu. */
export async function login(page: Page, usuario: string, clave = PASSWORD) {
  await page.goto('/Login');
  await page.getByLabel('Usuario').fill(usuario);
  await page.getByLabel('Contraseña').fill(clave);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(/\/MenuPrincipal$/);
  // The shell (and its inactivity timer) is mounted once the menu page shows.
  await expect(page.getByRole('heading', { name: 'Menú principal' })).toBeVisible();
}

/** The signed-in page's session token (as the web keeps it), for API calls beside the page. */
export const sessionToken = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('sesion') ?? '{}').token as string);

/** The report page's rows as the API computes them (the figures move with what earlier journeys did). */
export async function filasEstadistica(page: Page, reporte: string, params: Record<string, string> = {}) {
  const res = await page.request.get(`/api/v1/estadisticas/${reporte}`, {
    headers: { authorization: `Bearer ${await sessionToken(page)}` },
    params,
  });
  expect(res.ok(), await res.text()).toBe(true);
  return (await res.json()).filas as Record<string, string | number | null>[];
}

/**
 * Presses a button of the open confirmation once it has finished opening: a press during antd's zoom-in
 * was seen lost on a fast machine (no request left), and a person presses it after reading it anyway.
 */
export async function confirmar(page: Page, boton: string) {
  const dialogo = page.getByRole('dialog');
  await expect(dialogo).toBeVisible();
  await expect(page.locator('.ant-modal.ant-zoom-appear, .ant-modal.ant-zoom-enter')).toHaveCount(0);
  await dialogo.getByRole('button', { name: boton }).click();
}

export async function logout(page: Page) {
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
}

/**
 * Picks an option of the open antd Select dropdown by its text ('' : the first one). Waits until the
 * list has finished sliding in (a press during the motion can be lost on a busy machine) and never
 * picks from a list that is closing (the previous select's).
 */
export async function pickOption(page: Page, text: string) {
  const moviendose = ['appear', 'enter'].flatMap((f) =>
    ['slide-up', 'slide-down'].map((m) => `.ant-select-dropdown.ant-${m}-${f}`),
  );
  await expect(page.locator(moviendose.join(', '))).toHaveCount(0);
  await page
    .locator(
      '.ant-select-dropdown:visible:not(.ant-slide-up-leave):not(.ant-slide-down-leave) .ant-select-item-option',
    )
    .filter({ hasText: text })
    .first()
    .click();
}

/** A valid Ecuadorian cédula (province 17) built from a number: the check digit of the módulo 10 rule. */
export function cedula(n: number): string {
  const nine = `17${String(n % 10_000_000).padStart(7, '0')}`;
  let sum = 0;
  for (let i = 0; i < 9; i++) {
    let d = Number(nine[i]) * (i % 2 === 0 ? 2 : 1);
    if (d > 9) d -= 9;
    sum += d;
  }
  return nine + String((10 - (sum % 10)) % 10);
}

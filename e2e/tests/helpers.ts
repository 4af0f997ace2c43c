import { expect, type Page } from '@playwright/test';

export const PASSWORD = 'Demo.2026';

/** Signs in through the login form and waits for the main menu. */
export async function login(page: Page, usuario: string, clave = PASSWORD) {
  await page.goto('/Login');
  await page.getByLabel('Usuario').fill(usuario);
  await page.getByLabel('Contraseña').fill(clave);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(/\/MenuPrincipal$/);
}

export async function logout(page: Page) {
  await page.evaluate(() => {
    localStorage.clear();
    sessionStorage.clear();
  });
}

import fs from 'node:fs';
import path from 'node:path';
import {
  type APIRequestContext,
  type ConsoleMessage,
  expect,
  type Page,
  type Request,
  test,
} from '@playwright/test';
import { login } from './helpers.ts';
import { resolverIds } from './spec-route-ids.ts';
import {
  PUBLICO,
  type RouteIds,
  RUTAS_FALTANTES,
  SPEC_ROUTES,
  type SpecRoute,
  USUARIO,
} from './spec-routes.ts';

/*
 * Issue 17: screens that open by their URL (a link, a reload, a bookmark) — the three pages of a
 * load, the claim lookup — and the help icon of the procedure page.
 */

type Auth = { authorization: string };

async function authOf(page: Page): Promise<Auth> {
  const token = await page.evaluate(() => JSON.parse(localStorage.getItem('sesion') ?? '{}').token as string);
  return { authorization: `Bearer ${token}` };
}

/** A procedure of the signed-in provider with at least one load and its attentions organised. */
async function tramiteConCarga(page: Page, auth: Auth) {
  const tramites = await (
    await page.request.get('/api/v1/tramites?vista=carga&pageSize=100', { headers: auth })
  ).json();
  for (const t of tramites.items as { idTramite: number }[]) {
    const cargas = await (
      await page.request.get(`/api/v1/tramites/${t.idTramite}/cargas?page=1&pageSize=10`, { headers: auth })
    ).json();
    const c = (cargas.items as { idCarga: number; estado: number; tienePlanillas: number }[]).find(
      (x) => x.estado === 1 && x.tienePlanillas === 1,
    );
    if (c) return { idTramite: t.idTramite, idCarga: c.idCarga };
  }
  throw new Error('El prestador de la demo no tiene trámites con cargas organizadas.');
}

test('the three pages of a load open by URL as the provider, survive a reload and lead back', async ({
  page,
}) => {
  await login(page, 'prestador@demo.ec');
  const { idTramite, idCarga } = await tramiteConCarga(page, await authOf(page));
  const paginas = [
    { path: `/cargaform/${idTramite}/${idCarga}`, heading: `Carga ${idCarga}` },
    { path: `/cargaplanillaerrores/${idTramite}/${idCarga}`, heading: `Errores de la carga ${idCarga}` },
    { path: `/cargaplanillanovedades/${idTramite}/${idCarga}`, heading: `Novedades de la carga ${idCarga}` },
  ];
  for (const p of paginas) {
    await page.goto(p.path);
    await expect(page.getByRole('heading', { level: 1, name: p.heading })).toBeVisible();
    await page.reload();
    await expect(page.getByRole('heading', { level: 1, name: p.heading })).toBeVisible();
    const crumbs = page.locator('.ant-breadcrumb');
    await expect(crumbs.getByRole('link', { name: 'Trámites' })).toBeVisible();
    await expect(crumbs.getByRole('link', { name: /^Trámite TR-\d{4}-\d{6}$/ })).toBeVisible();
  }
  // The detail's data, and the errors/novedades tables.
  await page.goto(`/cargaform/${idTramite}/${idCarga}`);
  await expect(page.getByText('Nombre Archivo')).toBeVisible();
  await expect(page.getByText('Número Registros')).toBeVisible();
  await page.goto(`/cargaplanillanovedades/${idTramite}/${idCarga}`);
  await expect(page.getByRole('table', { name: 'Novedades de la carga' })).toBeVisible();

  // The breadcrumb goes back to the procedure's loads.
  await page
    .locator('.ant-breadcrumb')
    .getByRole('link', { name: /^Trámite TR-\d{4}-\d{6}$/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/tramiteform-carga/${idTramite}\\?tab=carga$`));
  await expect(page.getByRole('table', { name: 'Cargas del trámite' })).toBeVisible();

  // The loads panel's quick view links to the page.
  await page.getByRole('button', { name: `Opciones de la carga ${idCarga}` }).click();
  await page.getByRole('menuitem', { name: /Resumen/ }).click();
  await page
    .getByRole('dialog')
    .getByRole('link', { name: /Abrir como página/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/cargaform/${idTramite}/${idCarga}$`));
  await expect(page.getByRole('heading', { level: 1, name: `Carga ${idCarga}` })).toBeVisible();

  // A load that does not exist (or of another procedure) shows the not-found page.
  await page.goto(`/cargaform/${idTramite}/2000000000`);
  await expect(
    page.getByText('La carga no existe, no pertenece al trámite o no tiene acceso a ella.'),
  ).toBeVisible();
  await page.goto(`/cargaplanillaerrores/${idTramite + 100000}/${idCarga}`);
  await expect(
    page.getByText('La carga no existe, no pertenece al trámite o no tiene acceso a ella.'),
  ).toBeVisible();
});

test('claim lookup: the cédula is checked first, then every attention pages by 10 and opens its summary', async ({
  page,
}) => {
  await login(page, 'prestador@demo.ec');
  const auth = await authOf(page);
  const { idTramite } = await tramiteConCarga(page, auth);
  const atenciones = await (
    await page.request.get(`/api/v1/planillas?idTramite=${idTramite}&page=1&pageSize=10`, { headers: auth })
  ).json();
  const cedula = (atenciones.items as { cedula: string }[])[0].cedula;

  await page.goto('/consultacobertura');
  await expect(page.getByRole('heading', { level: 1, name: 'Consulta de Cobertura' })).toBeVisible();
  // A wrong check digit: refused before any search.
  let busquedas = 0;
  page.on('request', (r) => {
    if (r.url().includes('/herramientas/cobertura/')) busquedas++;
  });
  await page.getByLabel('Cédula del paciente').fill('1710034066');
  await page.getByRole('button', { name: 'Consultar' }).click();
  await expect(page.getByText('La cédula ingresada no es válida.')).toBeVisible();
  expect(busquedas).toBe(0);

  await page.getByLabel('Cédula del paciente').fill(cedula);
  await page.getByRole('button', { name: 'Consultar' }).click();
  await expect(page).toHaveURL(new RegExp(`cedula=${cedula}`));
  const tabla = page.getByRole('table', { name: 'Atenciones del paciente' });
  await expect(tabla.getByRole('button', { name: /^Resumen de la atención/ }).first()).toBeVisible();
  // A reload keeps the search.
  await page.reload();
  await expect(tabla.getByRole('button', { name: /^Resumen de la atención/ }).first()).toBeVisible();
  await tabla
    .getByRole('button', { name: /^Resumen de la atención/ })
    .first()
    .click();
  const dialog = page.getByRole('dialog');
  await expect(dialog.getByRole('tab', { name: 'Información' })).toBeVisible();
  await expect(dialog.getByText(cedula).first()).toBeVisible();
});

test('the procedure page has a help icon for the user’s profile and the procedure’s state', async ({
  page,
}) => {
  await login(page, 'prestador@demo.ec');
  const { idTramite } = await tramiteConCarga(page, await authOf(page));
  const t = await (
    await page.request.get(`/api/v1/tramites/${idTramite}`, { headers: await authOf(page) })
  ).json();
  await page.goto(`/tramiteform-carga/${idTramite}`);
  await page.getByRole('button', { name: 'Ayuda del trámite' }).click();
  const ayuda = page.getByRole('tooltip');
  await expect(ayuda.getByText('Qué hacer ahora (Prestador)')).toBeVisible();
  await expect(ayuda.getByText(t.estadoTramite, { exact: true })).toBeVisible();
  await expect(ayuda.getByRole('link', { name: /Guía Prestador/ })).toBeVisible();

  // The supervisor reads the supervision help of the same state on the audit side.
  await page.evaluate(() => localStorage.clear());
  await login(page, 'supervisor.am@demo.ec');
  const tramites = await (
    await page.request.get('/api/v1/tramites?vista=todos&pageSize=100', { headers: await authOf(page) })
  ).json();
  const enProceso = (tramites.items as { idTramite: number; estadoTramite: string }[]).find(
    (x) => x.estadoTramite === 'EN PROCESO',
  );
  expect(enProceso).toBeTruthy();
  await page.goto(`/tramiteform/${enProceso!.idTramite}`);
  await page.getByRole('button', { name: 'Ayuda del trámite' }).click();
  await expect(page.getByRole('tooltip').getByText('Qué hacer ahora (Supervisión)')).toBeVisible();
  await expect(page.getByRole('tooltip').getByText(/Siga el avance/)).toBeVisible();
});

test('persons list: the administrator’s option flags show search, download and the row menu', async ({
  page,
}) => {
  await login(page, 'admin@demo.ec');
  await page.goto('/persona');
  await expect(page.getByRole('heading', { level: 1, name: 'Personas' })).toBeVisible();
  await expect(page.getByLabel('Buscar en Personas')).toBeVisible();
  await expect(page.getByRole('button', { name: 'Opciones del registro' }).first()).toBeVisible();
  const descarga = page.waitForEvent('download');
  await page.getByRole('button', { name: 'Descargar CSV' }).click();
  expect((await descarga).suggestedFilename()).toBe('personas.csv');
});

test.describe('the spec’s route table (000 §2, 001 §2.1–2.6, 002 §2)', () => {
  /** Opens a route; soft-fails on the not-found page, an error page, the 403 page or a console error. */
  async function abre(page: Page, r: SpecRoute, path: string) {
    const errores: string[] = [];
    const api = new Set<Request>();
    let quieto = Date.now();
    const onConsole = (m: ConsoleMessage) => {
      if (m.type() === 'error') errores.push(m.text());
    };
    const onError = (e: Error) => errores.push(e.message);
    const onRequest = (q: Request) => {
      if (new URL(q.url()).pathname.startsWith('/api/')) api.add(q);
    };
    const onDone = (q: Request) => {
      if (api.delete(q)) quieto = Date.now();
    };
    page.on('console', onConsole);
    page.on('pageerror', onError);
    page.on('request', onRequest);
    page.on('requestfinished', onDone);
    page.on('requestfailed', onDone);
    try {
      await page.goto(path);
      await expect.soft(page.getByRole('heading').first(), `${path}: título`).toBeVisible();
      // The page's data has arrived: no API call under way for a moment (not networkidle: nothing else).
      await expect
        .poll(() => api.size === 0 && Date.now() - quieto > 250, { timeout: 10_000, intervals: [100] })
        .toBe(true)
        .catch(() => undefined);
      await expect
        .soft(page.locator('.ant-result-404, .ant-result-403, .ant-result-error, .ant-result-500'), path)
        .toHaveCount(0);
      await expect.soft(page.getByText('No se pudo mostrar la página'), path).toHaveCount(0);
      const url = new URL(page.url());
      if (r.llega) expect.soft(`${url.pathname}${url.search}`, `${path}: llega`).toMatch(r.llega);
      else expect.soft(url.pathname, `${path}: sin redirigir`).toBe(new URL(path, url).pathname);
      expect.soft(errores, `${path}: errores de consola`).toEqual([]);
    } finally {
      page.off('console', onConsole);
      page.off('pageerror', onError);
      page.off('request', onRequest);
      page.off('requestfinished', onDone);
      page.off('requestfailed', onDone);
    }
  }

  let ids: RouteIds;
  let limpiar: (() => Promise<void>) | undefined;
  let api: APIRequestContext | undefined;
  test.beforeAll(async ({ playwright }, info) => {
    api = await playwright.request.newContext({ baseURL: info.project.use.baseURL });
    ({ ids, limpiar } = await resolverIds(api));
  });
  test.afterAll(async () => {
    await limpiar?.();
    await api?.dispose();
  });

  for (const quien of [PUBLICO, ...Object.values(USUARIO)]) {
    test(`${quien === PUBLICO ? 'signed out' : `as ${quien}`}: its routes open by URL; those it may not open answer 403`, async ({
      page,
    }) => {
      test.setTimeout(420_000);
      if (quien !== PUBLICO) await login(page, quien);
      for (const r of SPEC_ROUTES.filter((x) => x.como === quien))
        await test.step(`${r.spec} como ${quien}`, () => abre(page, r, r.path(ids)));
      for (const r of SPEC_ROUTES.filter((x) => x.denegado === quien))
        await test.step(`${r.spec} denegado a ${quien}`, async () => {
          await page.goto(r.path(ids));
          await expect.soft(page.locator('.ant-result-403'), `${r.spec}: 403 a ${quien}`).toBeVisible();
        });
    });
  }

  test('the routes still missing answer the not-found page and are missing rows of docs/FEATURES.md', async ({
    page,
  }) => {
    const features = fs.readFileSync(
      path.join(import.meta.dirname, '..', '..', 'docs', 'FEATURES.md'),
      'utf8',
    );
    const filasFaltantes = features
      .split('\n')
      .filter((l) => /^\|.*\|\s*missing\b[^|]*\|[^|]*\|\s*$/.test(l));
    await login(page, USUARIO.supervisorAm);
    for (const r of RUTAS_FALTANTES) {
      await page.goto(r.spec);
      await expect
        .soft(page.getByText('Página no encontrada'), `${r.spec}: página no encontrada`)
        .toBeVisible();
      expect
        .soft(
          filasFaltantes.some((l) => l.includes(`\`${r.spec}\``)),
          `${r.spec}: una fila 'missing' de docs/FEATURES.md`,
        )
        .toBe(true);
      // Listed once: not also a route the product answers.
      expect
        .soft(
          SPEC_ROUTES.some((x) => x.spec === r.spec),
          `${r.spec}: en una sola lista`,
        )
        .toBe(false);
    }
    const vistas = SPEC_ROUTES.map((r) => r.spec);
    expect(
      vistas.filter((v, n) => vistas.indexOf(v) !== n),
      'rutas repetidas',
    ).toEqual([]);
  });
});

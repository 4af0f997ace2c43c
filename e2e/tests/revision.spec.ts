import { type APIRequestContext, expect, type Page, test } from '@playwright/test';
import { confirmar, login, logout, PASSWORD } from './helpers.ts';

/*
 * The review journey of issue 5: an AM auditor reviews three assigned attentions with the keyboard
 * on the record page, the GD operative reviews them (the first in the popup, which tells its opener
 * which list to refresh), the supervisors finalize the reviews of the load and then the procedure.
 * The procedure is built through the API as a provider and the supervisors would do it.
 */

type Planilla = {
  idPlanilla: number;
  numero: string;
  estadoAud: string;
  estadoDoc: string;
  version: number;
  codigoVal: string | null;
};

async function apiToken(request: APIRequestContext, usuario: string) {
  const res = await request.post('/api/v1/auth/login', { data: { usuario, clave: PASSWORD } });
  expect(res.ok(), await res.text()).toBe(true);
  return { authorization: `Bearer ${(await res.json()).token as string}` };
}

async function ok<T>(res: Awaited<ReturnType<APIRequestContext['get']>>): Promise<T> {
  expect(res.ok(), `${res.url()} → ${res.status()} ${await res.text()}`).toBe(true);
  return (await res.json()) as T;
}

function fila(idTramite: number, noPlanilla: string, fecha: string, nombre: string) {
  return {
    idTramite: String(idTramite),
    noPlanilla,
    cedula1: '1710034065',
    cedula2: '',
    nombre,
    fIngreso: fecha,
    fSalida: fecha,
    diagPri: 'J06.9',
    diagSec: 'A09X',
    lMuerto: 'N',
    fTarifario: '1',
    noServicio: '99203',
    cantidad: '1',
    vSem: '25.50',
    vPaciente: '0',
    noModificador: '',
    nombreMedIns: 'DR. CARLOS VERA',
    tipo: 'P',
    fechaAtencion: fecha,
  };
}

/** A procedure EN PROCESO with three attentions assigned to auditor.am (AM) and gestor.gd (GD). */
async function prepararTramite(request: APIRequestContext) {
  const prov = await apiToken(request, 'prestador@demo.ec');
  const [prestador] = await ok<Array<{ idPrestador: number }>>(
    await request.get('/api/v1/prestadores/mios', { headers: prov }),
  );
  const servicios = await ok<{ items: Array<{ idServicio: number }> }>(
    await request.get('/api/v1/catalogos/servicio?pageSize=5', { headers: prov }),
  );
  const tramite = await ok<{ idTramite?: number; item?: { idTramite: number } }>(
    await request.post('/api/v1/tramites', {
      headers: prov,
      data: {
        idPrestador: prestador.idPrestador,
        idServicio: servicios.items[0].idServicio,
        fechaDesde: '2026-03-01',
        fechaHasta: '2026-03-31',
        descripcion: 'Revisión con teclado',
        frecuenciaCarga: 'M',
      },
    }),
  );
  const idTramite = tramite.idTramite ?? (tramite.item?.idTramite as number);
  // R-001 starts on a Saturday: the weekend notice.
  const filas = [
    fila(idTramite, 'R-001', '2026-03-07', 'PÉREZ LOOR MARÍA JOSÉ'),
    fila(idTramite, 'R-002', '2026-03-09', 'ZAMBRANO ÑAUPARI LUIS'),
    fila(idTramite, 'R-003', '2026-03-10', 'ANDRADE VITERI CARMEN'),
  ];
  const carga = await ok<{ idCarga: number; contadorErrores: number }>(
    await request.post(`/api/v1/tramites/${idTramite}/cargas?esperar=true`, {
      headers: prov,
      multipart: {
        archivo: {
          name: 'marzo.json',
          mimeType: 'application/json',
          buffer: Buffer.from(JSON.stringify(filas)),
        },
      },
    }),
  );
  expect(carga.contadorErrores).toBe(0);
  await ok(await request.post(`/api/v1/cargas/${carga.idCarga}/organizar?esperar=true`, { headers: prov }));
  await ok(
    await request.post(`/api/v1/tramites/${idTramite}/acciones/enviar`, {
      headers: prov,
      data: { estadoActual: 'ESTRUCTURADO' },
    }),
  );

  const supAm = await apiToken(request, 'supervisor.am@demo.ec');
  await ok(
    await request.post(`/api/v1/tramites/${idTramite}/acciones/recibir`, {
      headers: supAm,
      data: { estadoActual: 'ENVIADO' },
    }),
  );
  const asignar = async (headers: Record<string, string>, tipo: 'M' | 'D', usuario: string) => {
    const staff = await ok<{ usuarios: Array<{ idUsuario: number; nombre: string }> }>(
      await request.get(`/api/v1/tramites/${idTramite}/asignaciones?tipo=${tipo}`, { headers }),
    );
    const u = staff.usuarios.find((x) => x.nombre === usuario);
    expect(u, usuario).toBeDefined();
    await ok(
      await request.post(`/api/v1/tramites/${idTramite}/asignaciones`, {
        headers,
        data: { tipo, idUsuario: u?.idUsuario, idCarga: carga.idCarga },
      }),
    );
  };
  await asignar(supAm, 'M', 'auditor.am@demo.ec');
  await asignar(await apiToken(request, 'supervisor.gd@demo.ec'), 'D', 'gestor.gd@demo.ec');

  const lista = await ok<{ items: Planilla[] }>(
    await request.get(`/api/v1/planillas?idTramite=${idTramite}&pageSize=10`, { headers: supAm }),
  );
  expect(lista.items.map((p) => p.numero)).toEqual(['R-001', 'R-002', 'R-003']);
  return { idTramite, idCarga: carga.idCarga, ids: lista.items.map((p) => p.idPlanilla), supAm };
}

const registro = (page: Page, numero: string) => page.getByRole('heading', { name: `Atención ${numero}` });

test('AM reviews three attentions with the keyboard, GD reviews them (popup first), supervisors finalize', async ({
  page,
  request,
  baseURL,
}) => {
  test.setTimeout(420_000);
  const { idTramite, ids, supAm } = await prepararTramite(request);
  const estados = async () =>
    Promise.all(
      ids.map(async (id) => {
        const p = await ok<Planilla>(await request.get(`/api/v1/planillas/${id}`, { headers: supAm }));
        return `${p.estadoAud}/${p.estadoDoc}`;
      }),
    );
  const url = (id: number) => `/planillaform/${idTramite}/EN%20PROCESO/${id}`;

  // ---- 1. The AM auditor (18): 'Trámites Asignados' says how many wait for them; then the record page.
  const { numero } = await ok<{ numero: string }>(
    await request.get(`/api/v1/tramites/${idTramite}`, { headers: supAm }),
  );
  await login(page, 'auditor.am@demo.ec');
  await page.goto('/tramite-asignados');
  const porRevisar = page.getByRole('row').filter({ hasText: numero }).getByRole('cell').last();
  await expect(porRevisar).toHaveText('3');
  await page.goto(url(ids[0]));
  await expect(registro(page, 'R-001')).toBeVisible();
  await expect(page.getByText('3 pendientes', { exact: true })).toBeVisible();
  const crumbs = page.locator('.ant-breadcrumb');
  await expect(crumbs.getByRole('link', { name: 'Trámites' })).toHaveAttribute('href', '/tramite-asignados');
  await expect(crumbs.getByRole('link', { name: /^Trámite TR-\d{4}-\d{6}$/ })).toHaveAttribute(
    'href',
    `/tramiteform/${idTramite}`,
  );
  await expect(page.getByText('La fecha de inicio de la atención cae en sábado.')).toBeVisible();
  await expect(page.getByRole('table', { name: 'Detalle de la atención' }).getByText('99203')).toBeVisible();
  // Supervisor-only tabs are not there for the operative.
  await expect(page.getByRole('tab', { name: 'Inf. auditoría' })).toHaveCount(0);

  // Diagnosis 3 through 'Lista de Diagnósticos' with the keyboard.
  await page.getByRole('switch', { name: 'Activar Diagnóstico 3' }).click();
  const lookup = page.getByRole('dialog', { name: 'Lista de Diagnósticos' });
  await expect(lookup).toBeVisible();
  const consulta = lookup.getByRole('combobox', { name: 'Consulta de diagnóstico' });
  await expect(consulta).toBeFocused();
  await consulta.press('Enter');
  await expect(lookup.getByText('ERROR: Ingrese un valor de consulta Diagnostico')).toBeVisible();
  await consulta.fill('neumonia');
  await consulta.press('Enter');
  const opciones = lookup.getByRole('option');
  await expect(opciones.nth(1)).toBeVisible();
  const elegido = (await opciones.nth(1).locator('.pf-diag-code').textContent())?.replace('.', '') ?? '';
  await consulta.press('ArrowDown');
  await expect(opciones.nth(1)).toHaveAttribute('aria-selected', 'true');
  await consulta.press('Enter');
  await expect(lookup).toBeHidden();
  await expect(page.locator(`#planilla_${ids[0]}_diag3`)).toHaveValue(elegido);
  // Alt+G saves.
  await page.keyboard.press('Alt+KeyG');
  await expect(page.getByText('¡Planilla actualizada exitosamente!')).toBeVisible();

  // Someone else saves meanwhile: the stale save is refused (409), and the record reloads.
  const actual = await ok<Planilla & Record<string, unknown>>(
    await request.get(`/api/v1/planillas/${ids[0]}`, { headers: supAm }),
  );
  await ok(
    await request.put(`/api/v1/planillas/${ids[0]}`, {
      headers: supAm,
      data: {
        version: actual.version,
        cedula: actual.cedula,
        nombre: actual.nombre,
        diag1: actual.diag1,
        diag2: actual.diag2,
        fechaDesde: actual.fechaDesde,
        fechaHasta: actual.fechaHasta,
        codigoVal: 'AUT-SUP-1',
      },
    }),
  );
  await page.getByLabel('Aut./Cod. Val.').fill('AUT-MIA');
  await page.getByRole('button', { name: 'Actualizar' }).click();
  await expect(
    page.getByText('La planilla fue modificada por otro usuario. Actualice la página.'),
  ).toBeVisible();
  await page.getByRole('button', { name: 'Recargar la atención' }).click();
  await expect(page.getByLabel('Aut./Cod. Val.')).toHaveValue('AUT-SUP-1');

  // The help tooltip lists the shortcuts.
  await page.getByRole('button', { name: 'Atajos de teclado' }).hover();
  await expect(page.getByRole('tooltip')).toContainText('Alt + R');
  await expect(page.getByRole('tooltip')).toContainText('Siguiente atención pendiente');

  // Alt+R registers the review and opens the next pending attention of the load.
  await page.keyboard.press('Alt+KeyR');
  await expect(registro(page, 'R-002')).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/planillaform/${idTramite}/EN%20PROCESO/${ids[1]}`));
  await expect(page.getByText('2 pendientes', { exact: true })).toBeVisible();
  // Alt+N / Alt+P move between pending ones.
  await page.keyboard.press('Alt+KeyN');
  await expect(registro(page, 'R-003')).toBeVisible();
  await page.keyboard.press('Alt+KeyP');
  await expect(registro(page, 'R-002')).toBeVisible();
  await page.keyboard.press('Alt+KeyR');
  await expect(registro(page, 'R-003')).toBeVisible();
  await page.keyboard.press('Alt+KeyR');
  const sinPendientes = page.getByRole('dialog', { name: 'Sin planillas pendientes' });
  await expect(sinPendientes).toContainText(
    'No se encontraron planillas pendientes para este trámite y carga.',
  );
  await sinPendientes.getByRole('button', { name: 'Aceptar' }).click();
  // The reviewed attention can be reset by its reviewer.
  await expect(page.getByRole('button', { name: 'Reiniciar a PENDIENTE' })).toBeVisible();
  expect(await estados()).toEqual(['REVISADA/PENDIENTE', 'REVISADA/PENDIENTE', 'REVISADA/PENDIENTE']);
  await page.goto('/tramite-asignados');
  await expect(porRevisar).toHaveText('0');

  // ---- 2. The GD operative (20): the first one in the popup, opened from a page of the product.
  await logout(page);
  await login(page, 'gestor.gd@demo.ec');
  await page.goto(`/tramiteform/${idTramite}`);
  await page.evaluate(() => {
    const w = window as unknown as { __mensajes: unknown[] };
    w.__mensajes = [];
    window.addEventListener('message', (e) => w.__mensajes.push({ origin: e.origin, data: e.data }));
  });
  const [popup] = await Promise.all([
    page.waitForEvent('popup'),
    page.evaluate(
      (u) => void window.open(u, 'planilla', 'width=1200,height=800'),
      `/planillaformpopup/${idTramite}/EN%20PROCESO/${ids[0]}/PENDIENTES`,
    ),
  ]);
  await expect(registro(popup, 'R-001')).toBeVisible();
  // Compact: two diagnoses, the others behind the expander; no shell around it.
  await expect(popup.getByText('Diagnósticos 3 a 5 (1 registrado)')).toBeVisible();
  await expect(popup.getByRole('navigation', { name: 'Menú lateral' })).toHaveCount(0);
  await expect(popup.getByRole('button', { name: 'Registrar revisión GD' })).toBeVisible();
  const cerrada = popup.waitForEvent('close');
  await popup.keyboard.press('Alt+KeyR');
  await expect(popup.getByText('¡Revisión registrada exitosamente!')).toBeVisible();
  await cerrada;
  const mensajes = await page.evaluate(() => (window as unknown as { __mensajes: unknown[] }).__mensajes);
  expect(mensajes).toContainEqual({
    origin: new URL(baseURL ?? '').origin,
    data: { type: 'planilla-revisada', tab: 'planillasPendientes' },
  });

  await page.goto(url(ids[1]));
  await expect(registro(page, 'R-002')).toBeVisible();
  await expect(page.locator('.ant-breadcrumb').getByRole('link', { name: 'Trámites' })).toHaveAttribute(
    'href',
    '/tramite-asignados',
  );
  await page.keyboard.press('Alt+KeyR');
  await expect(registro(page, 'R-003')).toBeVisible();
  await page.keyboard.press('Alt+KeyR');
  await page
    .getByRole('dialog', { name: 'Sin planillas pendientes' })
    .getByRole('button', { name: 'Aceptar' })
    .click();
  expect(await estados()).toEqual(['REVISADA/REVISADA', 'REVISADA/REVISADA', 'REVISADA/REVISADA']);

  // ---- 3. The supervisors close the reviews of the load, then the procedure.
  for (const [usuario, tipo] of [
    ['supervisor.am@demo.ec', 'AM'],
    ['supervisor.gd@demo.ec', 'GD'],
  ] as const) {
    await logout(page);
    await login(page, usuario);
    await page.goto(url(ids[0]));
    await expect(registro(page, 'R-001')).toBeVisible();
    await expect(page.locator('.ant-breadcrumb').getByRole('link', { name: 'Trámites' })).toHaveAttribute(
      'href',
      '/tramite',
    );
    // Supervision tabs: the audit trail of the record.
    await page.getByRole('tab', { name: 'Inf. auditoría' }).click();
    await expect(page.getByText('Cambios Generales')).toBeVisible();
    await expect(page.getByRole('cell', { name: `Estado ${tipo}` }).first()).toBeVisible();
    // The menu is opened again if a click lands while it is still animating (seen under load in CI).
    const item = page.getByRole('menuitem', { name: `Finalizar revisadas ${tipo} de la carga` });
    const confirmar = page.getByRole('button', { name: 'Finalizar revisadas' });
    await expect(async () => {
      if (!(await confirmar.isVisible())) {
        if (!(await item.isVisible())) await page.getByRole('button', { name: /Supervisión/ }).click();
        await item.click({ timeout: 3_000 });
      }
      await expect(confirmar).toBeVisible({ timeout: 3_000 });
    }).toPass({ timeout: 30_000 });
    await confirmar.click();
    await expect(page.getByText('3 revisiones finalizadas exitosamente.')).toBeVisible();
    await expect(page.getByRole('button', { name: `Reabrir revisión ${tipo}` })).toBeVisible();
  }
  expect(await estados()).toEqual([
    'FINALIZADA/FINALIZADA',
    'FINALIZADA/FINALIZADA',
    'FINALIZADA/FINALIZADA',
  ]);

  await page.goto(`/tramiteform/${idTramite}`);
  await page.getByRole('button', { name: 'Finalizar Trámite' }).click();
  await confirmar(page, 'Finalizar Trámite');
  await expect(page.getByText('Trámite finalizado')).toBeVisible();
  const t = await ok<{ estadoTramite: string }>(
    await request.get(`/api/v1/tramites/${idTramite}`, { headers: supAm }),
  );
  expect(t.estadoTramite).toBe('FINALIZADO');
});

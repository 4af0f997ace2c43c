import zlib from 'node:zlib';
import { expect, type Page, test } from '@playwright/test';
import { MSG_ADMIN } from '../../packages/domain/src/admin/messages.ts';
import { MSG_CARGA_AMB } from '../../packages/domain/src/cargaamb/messages.ts';
import { ALL_CATALOGS, CATALOGS, MASTER_DETAILS } from '../../packages/domain/src/catalogs/index.ts';
import { cedula, login, pickOption } from './helpers.ts';
import { textoPdf } from './mail.ts';

/*
 * Issue 3 journeys: a visitor registers a company and works as its administrator (person wizard,
 * company logo in the top bar); report 12 (bitácora PDF); every catalogue and master-detail route
 * of the registry opens in the browser.
 */

const ERROR_PAGE = 'No se pudo mostrar la página';

async function bearer(page: Page) {
  const token = await page.evaluate(
    () => JSON.parse(localStorage.getItem('sesion') ?? '{}').token as string | undefined,
  );
  expect(token, 'signed in').toBeTruthy();
  return { authorization: `Bearer ${token}` };
}

// ---------------------------------------------------------------------------------------------
// A real PNG, built here: signature, IHDR, IDAT (zlib), IEND, each chunk with its CRC-32.

const CRC_TABLE = Array.from({ length: 256 }, (_, n) => {
  let c = n;
  for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
  return c >>> 0;
});
function crc32(buf: Buffer) {
  let c = 0xffffffff;
  for (const b of buf) c = CRC_TABLE[(c ^ b) & 0xff] ^ (c >>> 8);
  return (c ^ 0xffffffff) >>> 0;
}
function chunk(type: string, data: Buffer) {
  const len = Buffer.alloc(4);
  len.writeUInt32BE(data.length);
  const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(body));
  return Buffer.concat([len, body, crc]);
}
/** A width×height RGB PNG with a blue-green gradient. */
function png(width: number, height: number): Buffer {
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(width, 0);
  ihdr.writeUInt32BE(height, 4);
  ihdr[8] = 8; // bit depth
  ihdr[9] = 2; // colour type: RGB
  const raw = Buffer.alloc(height * (1 + width * 3));
  for (let y = 0; y < height; y++) {
    const row = y * (1 + width * 3);
    raw[row] = 0; // filter: none
    for (let x = 0; x < width; x++) {
      raw[row + 1 + x * 3] = 20;
      raw[row + 2 + x * 3] = Math.round((x / width) * 200);
      raw[row + 3 + x * 3] = 220 - Math.round((y / height) * 100);
    }
  }
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', ihdr),
    chunk('IDAT', zlib.deflateSync(raw)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

// The text of a PDF as a reader extracts it (pdftotext, poppler-utils, installed by .ci/run), its
// whitespace folded so that a table row reads as one line of words.
function pdfText(pdf: Buffer): string {
  const text = textoPdf(pdf);
  if (text === null) throw new Error('pdftotext (poppler-utils) no está instalado');
  return text.replace(/\s+/g, ' ');
}

// ---------------------------------------------------------------------------------------------

test('a new visitor registers, signs in, creates a person with the wizard and uploads the company logo', async ({
  page,
}) => {
  test.setTimeout(180_000);
  const n = Date.now() % 1_000_000;
  const email = `admin.${n}@clinica-nandu.ec`;
  const clave = 'Segura.2026';
  const nombreCorto = `ÑANDÚ ${n}`;

  // Home: the sign-in button, the slogans and the e-mail entry.
  await page.goto('/');
  await expect(page.getByRole('button', { name: 'Iniciar sesión' })).toBeVisible();
  await expect(page.getByRole('region', { name: 'Beneficios' })).toBeVisible();
  await page.getByLabel('Correo electrónico').fill(email);
  await page.getByRole('button', { name: 'Registrarse' }).click();

  // 01 plan → 02 terms → 03 company, person, user → 04 payment method → 05 done.
  await expect(page).toHaveURL(/\/Registro01Plan$/);
  await expect(page.getByRole('heading', { name: 'Elija su plan' })).toBeVisible();
  await page.getByText('PROFESIONAL', { exact: true }).click();
  await page.getByRole('button', { name: 'Siguiente' }).click();

  await expect(page).toHaveURL(/\/Registro02TC$/);
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page.getByText(MSG_ADMIN.terminosRequeridos)).toBeVisible();
  await page.getByText('He leído y acepto los términos y condiciones').click();
  await page.getByRole('button', { name: 'Siguiente' }).click();

  await expect(page).toHaveURL(/\/Registro03Usuario$/);
  await expect(page.getByLabel('Correo electrónico (su usuario)')).toHaveValue(email);
  await page.getByLabel('Razón social').fill('Clínica Ñandú del Pacífico S.A.');
  await page.getByLabel('Nombre corto').fill(nombreCorto.toLowerCase());
  await expect(page.getByLabel('Nombre corto')).toHaveValue(nombreCorto);
  await page.getByLabel('RUC').fill(`${cedula(n + 1)}001`);
  await page.getByLabel('Primer nombre').fill('María');
  await page.getByLabel('Segundo nombre').fill('José');
  await page.getByLabel('Primer apellido').fill('Ñáñez');
  await page.getByLabel('Segundo apellido').fill('Güemes');
  await page.getByLabel('Cédula').fill(cedula(n + 2));
  await page.getByLabel('Contraseña', { exact: true }).fill(clave);
  await page.getByLabel('Confirmación de la contraseña').fill(clave);
  await page.getByRole('button', { name: 'Siguiente' }).click();

  await expect(page).toHaveURL(/\/Registro04FP$/);
  await page.getByText('TRANSFERENCIA BANCARIA', { exact: true }).click();
  await page.getByRole('button', { name: 'Finalizar registro' }).click();
  await expect(page).toHaveURL(/\/Registro05Completo$/);
  await expect(page.getByText(MSG_ADMIN.registroCompleto)).toBeVisible();
  await expect(page.getByText(`Su usuario es ${email}.`, { exact: false })).toBeVisible();

  // The new administrator signs in with the new user.
  await login(page, email, clave);
  await expect(page.getByRole('banner')).toContainText(email);

  // Person → user → doctor, with a step back on the way.
  await page.goto('/persona');
  await expect(page.getByRole('heading', { name: 'Personas', level: 1 })).toBeVisible();
  await page.getByRole('button', { name: 'Nuevo' }).click();
  await expect(page).toHaveURL(/\/persona\/nueva$/);
  await expect(page.getByRole('heading', { name: 'Nueva Persona' })).toBeVisible();

  const paso1 = page.locator('#paso_persona');
  const doc = cedula(n + 3);
  await paso1.getByLabel('Tipo de identificación').click();
  await pickOption(page, 'CÉDULA');
  await paso1.getByLabel('Documento').fill(doc);
  await paso1.getByLabel('Estado civil').click();
  await pickOption(page, 'CASADO(A)');
  await paso1.getByLabel('Primer nombre').fill('Luis');
  await paso1.getByLabel('Segundo nombre').fill('Andrés');
  await paso1.getByLabel('Primer apellido').fill('Peña');
  await paso1.getByLabel('Segundo apellido').fill('Ortiz');
  await expect(paso1.getByLabel('Primer apellido')).toHaveValue('PEÑA');
  await paso1.getByLabel('Fecha de nacimiento').fill('21/07/1980');
  await paso1.getByLabel('Fecha de nacimiento').press('Enter');
  await paso1.getByLabel('Sexo').click();
  await pickOption(page, 'Masculino');
  await paso1.getByLabel('Teléfono').fill('0991234567');
  await paso1.getByLabel('Localidad').fill('cuen');
  await pickOption(page, 'CUENCA');
  await paso1.getByLabel('Correo electrónico', { exact: true }).fill(`luis.pena.${n}@clinica-nandu.ec`);
  await paso1.getByLabel('Dirección').fill('Av. Solano 1-23');
  await page.getByRole('button', { name: 'Guardar y continuar' }).click();

  const paso2 = page.locator('#paso_usuario');
  await expect(paso2.getByLabel('Usuario (correo electrónico)')).toBeVisible();
  // Back to the person: what was saved is there, and it is updated rather than created twice.
  await paso2.getByRole('button', { name: 'Anterior' }).click();
  await expect(paso1.getByLabel('Documento')).toHaveValue(doc);
  await paso1.getByLabel('Dirección').fill('Av. Solano 4-56');
  await page.getByRole('button', { name: 'Actualizar y continuar' }).click();

  const usuario = `luis.pena.${n}@clinica-nandu.ec`;
  await paso2.getByLabel('Perfil').click();
  // A self-registered company is a subscriber (the insurer side): it may hold only the
  // administrator and the insurer's staff, never PRESTADOR (issue 11 item 2, PERFILES_POR_TIPO_EMPRESA).
  await pickOption(page, 'AUDITOR MÉDICO');
  // The profile's flags are copied into the switches.
  await expect(paso2.getByRole('switch', { name: 'Módulo Auditoría' })).toBeChecked();
  await expect(paso2.getByRole('switch', { name: 'Módulo Administración' })).not.toBeChecked();
  await paso2.getByLabel('Usuario (correo electrónico)').fill(usuario);
  await paso2.getByLabel('Contraseña', { exact: true }).fill('Medico.2026');
  await page.getByRole('button', { name: 'Guardar y continuar' }).click();

  const paso3 = page.locator('#paso_medico');
  await expect(paso3.getByLabel('Documento')).toHaveValue(doc);
  await paso3.getByLabel('Especialidad').click();
  await pickOption(page, 'MEDICINA GENERAL');
  await page.getByRole('button', { name: 'Registrar médico y finalizar' }).click();

  await expect(page).toHaveURL(/\/personaform\/\d+\?tab=medico$/);
  await expect(page.getByRole('heading', { name: /LUIS ANDRÉS PEÑA ORTIZ/ })).toBeVisible();
  await expect(page.getByRole('table').getByText('MEDICINA GENERAL')).toBeVisible();
  await page.getByRole('tab', { name: 'Usuario' }).click();
  await expect(page.getByRole('table').getByText(usuario)).toBeVisible();

  // Company logo: none in the top bar yet; upload a PNG in the company's Logos tab; it shows up.
  const banner = page.getByRole('banner');
  await expect(banner.getByRole('img', { name: /^Logo de / })).toHaveCount(0);
  await page.goto('/empresa');
  await expect(page.getByRole('heading', { name: 'Empresas', level: 1 })).toBeVisible();
  await page.getByRole('row', { name: new RegExp(nombreCorto) }).dblclick();
  await expect(page).toHaveURL(/\/empresaform\/\d+/);
  await expect(page.getByRole('heading', { name: nombreCorto })).toBeVisible();
  await page.getByRole('tab', { name: 'Logos' }).click();
  await expect(page).toHaveURL(/tab=imagen/);
  await expect(page.getByText('La empresa no tiene imágenes.')).toBeVisible();
  await page.getByRole('button', { name: 'Subir imagen' }).click();
  const modal = page.getByRole('dialog', { name: 'Crear Empresa: Imagen' });
  await modal.getByLabel('Nombre').fill('Logo principal');
  await modal.locator('input[type=file]').setInputFiles({
    name: 'logo.png',
    mimeType: 'image/png',
    buffer: png(120, 48),
  });
  await modal.getByRole('button', { name: 'Guardar' }).click();
  await expect(modal).toBeHidden();
  await expect(page.getByText('Logo actual')).toBeVisible();
  const logo = banner.getByRole('img', { name: `Logo de ${nombreCorto}` });
  await expect(logo).toBeVisible();
  // The image decoded: the browser got a real PNG back.
  await expect
    .poll(() => logo.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
    .toBe(120);
});

// Procedures are the claims staff's (profile 1 administers companies and users, not procedures): the
// AM supervisor generates the report.
test('report 12: the AM supervisor generates the bitácora PDF of a demo procedure', async ({ page }) => {
  await login(page, 'supervisor.am@demo.ec');
  const headers = await bearer(page);
  const res = await page.request.get('/api/v1/tramites?vista=todos&estado=EN%20PROCESO&pageSize=50', {
    headers,
  });
  expect(res.ok(), await res.text()).toBe(true);
  const items = (await res.json()).items as Array<{ idTramite: number; numero: string; descripcion: string }>;
  const t = items.find((x) => x.descripcion === 'ATENCIONES SEMANALES: PRIMERA QUINCENA');
  expect(t, 'the demo seed has a procedure under review with its bitácora').toBeDefined();
  const { idTramite, numero } = t!;

  await page.goto(`/bitacora-tramite/${idTramite}`);
  await expect(page.getByRole('heading', { name: 'Bitácora del Trámite' })).toBeVisible();
  const asignadas = 'Planillas asignadas a auditor.am@demo.ec y gestor.gd@demo.ec.';
  const fila = page.getByRole('row', { name: new RegExp(asignadas.replace(/\./g, '\\.')) });
  await expect(fila).toBeVisible();
  // The read-only detail.
  await fila.dblclick();
  const detalle = page.getByRole('dialog', { name: 'Detalle Bitácora' });
  await expect(detalle).toContainText(asignadas);
  await expect(detalle).toContainText('supervisor.am@demo.ec');
  await detalle
    .getByRole('button', { name: /Cerrar|Close/ })
    .first()
    .click();
  await expect(detalle).toBeHidden();

  // Generar PDF: the report comes from the API with the session and opens in a new tab. The route
  // hands the browser the server's answer untouched and keeps a copy of the file for the checks.
  let pdf = Buffer.alloc(0);
  await page.route(`**/api/v1/tramites/${idTramite}/bitacora/pdf*`, async (route) => {
    const response = await route.fetch();
    pdf = await response.body();
    await route.fulfill({ response, body: pdf });
  });
  const [pdfRes, popup] = await Promise.all([
    page.waitForResponse((r) => r.url().includes(`/api/v1/tramites/${idTramite}/bitacora/pdf`)),
    page.waitForEvent('popup'),
    page.getByRole('button', { name: 'Generar PDF' }).click(),
  ]);
  expect(pdfRes.status()).toBe(200);
  expect(pdfRes.headers()['content-type']).toBe('application/pdf');
  expect(pdfRes.headers()['content-disposition']).toContain(`filename="bitacora_${numero}.pdf"`);
  // The new tab shows the document (a blob of the response).
  await expect.poll(() => popup.url()).toMatch(/^blob:/);
  expect(pdf.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  expect(pdf.subarray(-8).toString('latin1')).toContain('%%EOF');
  expect(pdf.length).toBeGreaterThan(5_000);
  const text = pdfText(pdf);
  expect(text).toContain(`Bitácora del Trámite ${numero}`);
  for (const obs of [
    'Trámite registrado (REGISTRADO).',
    'Trámite enviado (ENVIADO).',
    'Trámite recibido (RECIBIDO).',
    asignadas,
    'Trámite en proceso (EN PROCESO).',
  ])
    expect(text).toContain(obs);
  expect(text).toMatch(/Fecha de registro Tipo Observación Usuario/);
  expect(text).toMatch(/\d{2}\/\d{2}\/\d{4} \d{2}:\d{2}/);
  expect(text).toContain('Página 1 de 1');
});

test('every catalogue and master-detail route of the registry opens for the administrator', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await login(page, 'admin@demo.ec');
  const headers = await bearer(page);
  const main = page.getByRole('main');

  for (const c of Object.values(CATALOGS)) {
    await test.step(`/${c.name}`, async () => {
      await page.goto(`/${c.name}`);
      await expect(main.getByRole('heading', { name: c.title, level: 1, exact: true })).toBeVisible();
      await expect(main.getByRole('table', { name: c.title })).toBeVisible();
      await expect(page.getByText(ERROR_PAGE)).toHaveCount(0);
    });
  }

  for (const md of MASTER_DETAILS) {
    await test.step(`/${md.route}/:${md.param}`, async () => {
      const master = ALL_CATALOGS[md.master];
      // A master row that exists (the most used diagnosis of the demo attentions for diagaten).
      let id: number | undefined;
      if (md.route === 'diagnostico_diagaten') {
        const r = await page.request.get('/api/v1/catalogos/diagnostico?q=J069&pageSize=5', { headers });
        id = ((await r.json()).items as Array<{ idDiagnostico: number; codigo: string }>).find(
          (d) => d.codigo === 'J069',
        )?.idDiagnostico;
      } else {
        const r = await page.request.get(`/api/v1/catalogos/${md.master}?pageSize=1`, { headers });
        expect(r.ok(), `${md.master}: ${await r.text()}`).toBe(true);
        id = (await r.json()).items[0]?.[master.idField] as number | undefined;
      }
      await page.goto(`/${md.route}/${id ?? 999_999_999}`);
      await expect(main.getByRole('heading', { name: md.title, level: 1, exact: true })).toBeVisible();
      await expect(page.getByText(ERROR_PAGE)).toHaveCount(0);
      if (id === undefined) {
        // Nothing to show a detail of: the master answers 404 in the page, not an error.
        await expect(main.getByText(`No existe ${master.singular.toLowerCase()}`)).toBeVisible();
        return;
      }
      await expect(main.getByText('(+) Más información')).toBeVisible();
      if (md.detail) {
        const detail = ALL_CATALOGS[md.detail.catalog];
        await expect(main.getByRole('table', { name: detail.title })).toBeVisible();
      } else if (md.detailComponent === 'atenciones-diagnostico') {
        const table = main.getByRole('table', { name: 'Atenciones con el diagnóstico' });
        await expect(table).toBeVisible();
        // Demo attentions carry J06.9: rows with a link to their procedure, newest first.
        const link = table.getByRole('link', { name: /^TR-\d{4}-\d{6}$/ }).first();
        await expect(link).toBeVisible();
        await expect(
          table.getByRole('cell', { name: /^Principal \(1\)$|^Secundario \(2\)$/ }).first(),
        ).toBeVisible();
        await expect(main.getByText(/^Total: [\d.]+ registros?$/)).toBeVisible();
        const numero = (await link.textContent()) ?? '';
        await link.click();
        await expect(page).toHaveURL(/\/tramiteform\/\d+$/);
        await expect(main.getByText(numero).first()).toBeVisible();
        await expect(main.locator('.ant-result-404, .ant-result-403, .ant-result-error')).toHaveCount(0);
        await expect(page.getByText(ERROR_PAGE)).toHaveCount(0);
      }
    });
  }

  // The administration screens of docs/spec-summary.md 002 that are pages of their own rather than catalogues.
  const ADMIN_PAGES: Array<[string, string]> = [
    ['/usuario', 'Usuarios'],
    ['/persona', 'Personas'],
    ['/medico', 'Médicos'],
    ['/empresa', 'Empresas'],
    ['/suscripcion', 'Suscripciones'],
    ['/suscpago', 'Pagos de Suscripción'],
    ['/asegurador', 'Aseguradores'],
    ['/prestador', 'Prestadores'],
    ['/sesion', 'Sesiones'],
    ['/sesionerr', 'Errores de Sesión'],
    ['/accesosesion', 'Accesos por Sesión'],
    ['/sesionesmes', 'Sesiones por Mes'],
    ['/sesionesdia', 'Sesiones por Día'],
    ['/sandbox-log', 'Bitácora Sandbox'],
  ];
  for (const [path, title] of ADMIN_PAGES) {
    await test.step(path, async () => {
      await page.goto(path);
      await expect(main.getByRole('heading', { name: title, level: 1, exact: true })).toBeVisible();
      await expect(page.getByText(ERROR_PAGE)).toHaveCount(0);
    });
  }

  // Detail pages and the master-detail routes that are tabs or filters of them, on a real record.
  const first = async (url: string, field: string) => {
    const r = await page.request.get(url, { headers });
    expect(r.ok(), `${url}: ${await r.text()}`).toBe(true);
    return (await r.json()).items[0]?.[field] as number | undefined;
  };
  const send = async (method: 'POST' | 'PUT', url: string, data: object) => {
    const r = await page.request.fetch(url, { method, headers, data });
    expect(r.ok(), `${method} ${url}: ${await r.text()}`).toBe(true);
    return (await r.json()).item as Record<string, unknown>;
  };
  const idEmpresa = await first('/api/v1/empresas?pageSize=1', 'idEmpresa');
  const idSuscripcion = await first('/api/v1/suscripciones?pageSize=1', 'idSuscripcion');
  const idPersona = await first('/api/v1/personas?pageSize=1', 'idPersona');
  const idAsegurador = await first('/api/v1/aseguradores?pageSize=1', 'idAsegurador');
  expect(idEmpresa && idSuscripcion && idPersona && idAsegurador, 'demo company records').toBeTruthy();
  // The demo data has no doctors, payments, subscription changes or tariff sheets for this company:
  // the administrator makes one of each through the API, as the screens would.
  const idMedico =
    (await first('/api/v1/medicos?pageSize=1', 'idMedico')) ??
    ((
      await send('POST', '/api/v1/medicos', {
        idPersona,
        idEspecialidad: await first('/api/v1/catalogos/especialidad?pageSize=1', 'idEspecialidad'),
        documento: 'MSP-12345',
      })
    ).idMedico as number);
  let idAud = await first(`/api/v1/suscripciones/${idSuscripcion}/auditoria?pageSize=1`, 'idSuscripcionAud');
  if (idAud === undefined) {
    const s = (await (
      await page.request.get(`/api/v1/suscripciones/${idSuscripcion}`, { headers })
    ).json()) as {
      idPlan: number;
      idFormaPago: number;
      numero: string;
      fechaDesde: string;
      fechaHasta: string;
    };
    const { idPlan, idFormaPago, numero, fechaDesde, fechaHasta } = s;
    await send('PUT', `/api/v1/suscripciones/${idSuscripcion}`, {
      idPlan,
      idFormaPago,
      numero,
      fechaDesde: fechaDesde.slice(0, 10),
      fechaHasta: fechaHasta.slice(0, 10),
    });
    idAud = await first(`/api/v1/suscripciones/${idSuscripcion}/auditoria?pageSize=1`, 'idSuscripcionAud');
  }
  let idPago = await first('/api/v1/suscpagos?pageSize=1', 'idSuscPago');
  if (idPago === undefined) {
    const factura = await send('POST', '/api/v1/catalogos/factura', {
      numero: '001-001-000000123',
      fecha: '2026-01-05',
      subtotal: '450.00',
      iva: '67.50',
      estado: 'PAGADA',
    });
    idPago = (
      await send('POST', '/api/v1/suscpagos', {
        idSuscripcion,
        idFactura: factura.idFactura,
        estadoPago: 'PAGADO',
        fechaDesde: '2026-01-01',
        fechaHasta: '2026-01-31',
      })
    ).idSuscPago as number;
  }
  let idTarifario = await first('/api/v1/catalogos/tarifario?pageSize=1', 'idTarifario');
  if (idTarifario === undefined)
    idTarifario = (
      await send('POST', '/api/v1/catalogos/tarifario', {
        descripcion: 'Tarifario de consulta externa 2026',
        fechaDesde: '2026-01-01',
        fechaHasta: '2026-12-31',
        idClasElem: await first('/api/v1/catalogos/claselem?pageSize=1', 'idClasElem'),
        idAsegurador,
      })
    ).idTarifario as number;
  const idTarifaAseg =
    (await first('/api/v1/catalogos/tarifaaseg?pageSize=1', 'idTarifaAseg')) ??
    ((await send('POST', '/api/v1/catalogos/tarifaaseg', { idTarifario, idAsegurador }))
      .idTarifaAseg as number);
  const DETAIL_PAGES: Array<[string, number | undefined, RegExp?]> = [
    ['/usuariomd/', await first('/api/v1/usuarios?pageSize=1', 'idUsuario')],
    ['/personaform/', idPersona],
    ['/persona_medico/', idPersona, /^Médicos de /],
    ['/medicoform/', idMedico, /^Médico /],
    ['/empresaform/', idEmpresa],
    ['/empresa_empresaimg/', idEmpresa],
    ['/empresa_medioemp/', idEmpresa],
    ['/empresa_usuario/', idEmpresa],
    ['/empresa_persona/', idEmpresa],
    ['/suscripcionform/', idSuscripcion, /^Suscripción /],
    ['/suscripcionaudmd/', idAud],
    ['/suscpagomd/', idPago, /^Pago /],
    ['/aseguradorform/', idAsegurador],
    ['/prestadorform/', await first('/api/v1/prestadores?pageSize=1', 'idPrestador')],
    ['/tarifarioform/', idTarifario],
    ['/tarifariomd/', idTarifario],
    ['/tarifaasegmd/', idTarifaAseg],
    ['/perfil_usuario/', 1, /^Usuarios$/],
  ];
  for (const [path, id, heading] of DETAIL_PAGES) {
    await test.step(`${path}:id`, async () => {
      test.info().annotations.push({ type: 'detalle', description: `${path}${id ?? '(sin registros)'}` });
      expect(id, `${path}: a record to open`).toBeDefined();
      await page.goto(`${path}${id}`);
      const h1 = main.getByRole('heading', { level: 1 }).first();
      await expect(h1).toBeVisible();
      if (heading) await expect(h1).toHaveText(heading);
      await expect(main.locator('.ant-result-404, .ant-result-403, .ant-result-error')).toHaveCount(0);
      await expect(page.getByText(ERROR_PAGE)).toHaveCount(0);
    });
  }
});

// ---------------------------------------------------------------------------------------------
// Ambulatory loads (docs/spec-summary.md 002) reached from a load's options; subscription renewal (docs/spec-summary.md 001 §2.2).

test('atenciones ambulatorias: the AM supervisor uploads the .csv of a load from its options', async ({
  page,
}) => {
  await login(page, 'supervisor.am@demo.ec');
  const headers = await bearer(page);
  const res = await page.request.get('/api/v1/tramites?vista=todos&estado=EN%20PROCESO&pageSize=50', {
    headers,
  });
  expect(res.ok(), await res.text()).toBe(true);
  const items = (await res.json()).items as Array<{ idTramite: number; descripcion: string }>;
  const t = items.find((x) => x.descripcion === 'ATENCIONES SEMANALES: PRIMERA QUINCENA');
  expect(t, 'the demo seed has a weekly procedure under review with two loads').toBeDefined();
  const { idTramite } = t!;

  await page.goto(`/tramiteform/${idTramite}`);
  await page.getByRole('tab', { name: 'Datos y carga de archivos' }).click();
  const opciones = page.getByRole('button', { name: /^Opciones de la carga \d+$/ }).first();
  await expect(opciones).toBeVisible();
  const idCarga = Number(/(\d+)$/.exec((await opciones.getAttribute('aria-label')) ?? '')?.[1]);
  await opciones.click();
  await page.getByRole('menuitem', { name: 'Atenciones ambulatorias' }).click();
  await expect(page).toHaveURL(new RegExp(`/cargaamb/${idTramite}/${idCarga}$`));
  await expect(
    page.getByRole('heading', { name: `Atenciones ambulatorias del trámite ${idTramite}, carga ${idCarga}` }),
  ).toBeVisible();
  await expect(page.getByText('No hay atenciones ambulatorias cargadas.')).toBeVisible();

  // Anything but a .csv is refused with the Spanish message and nothing is stored.
  await page.getByRole('button', { name: 'Cargar .csv' }).click();
  const dialogo = page.getByRole('dialog', { name: 'Cargar atenciones ambulatorias (.csv)' });
  await expect(dialogo).toBeVisible();
  await expect(dialogo.locator('input[type=file]')).toHaveAttribute('accept', '.csv,text/csv');
  const header =
    'numero;nombrePaciente;cedula;tipo;fecha;horaDesde;horaHasta;motivo;diag1;diag2;laboratorio01;imagen01';
  await dialogo.locator('input[type=file]').setInputFiles({
    name: 'atenciones.txt',
    mimeType: 'text/plain',
    buffer: Buffer.from(`${header}\nA-1;ANA;${cedula(1)};CONSULTA;2026-01-05;08:00;08:30;CONTROL;J18.1;;;\n`),
  });
  await dialogo.getByRole('button', { name: 'Cargar' }).click();
  await expect(dialogo.getByRole('alert')).toContainText(MSG_CARGA_AMB.csvTipoInvalido);

  // A valid file: two records, lower-case text shown upper-case.
  const csv = [
    header,
    `AMB-001;maría pérez ñusta;${cedula(4242)};consulta externa;2026-01-05;08:00;08:30;control de neumonía;J18.1;J06.9;biometría hemática;rx de tórax`,
    `AMB-002;juan andrade;${cedula(4343)};emergencia;06/01/2026;9:15;10:00;fiebre;J06.9;;;`,
  ].join('\n');
  await dialogo.locator('input[type=file]').setInputFiles({
    name: 'atenciones.csv',
    mimeType: 'text/csv',
    buffer: Buffer.from(csv),
  });
  await dialogo.getByRole('button', { name: 'Cargar' }).click();
  await expect(page.getByText(MSG_CARGA_AMB.csvCargado(2))).toBeVisible();
  await expect(dialogo).toBeHidden();

  const tabla = page.getByRole('table');
  const fila = tabla.getByRole('row', { name: /AMB-001/ });
  await expect(fila).toContainText('MARÍA PÉREZ ÑUSTA');
  await expect(fila).toContainText(cedula(4242));
  await expect(fila).toContainText('CONSULTA EXTERNA');
  await expect(tabla.getByRole('row', { name: /AMB-002/ })).toContainText('EMERGENCIA');
  await expect(page.getByText(/^Total: 2 registros$/)).toBeVisible();

  // The view-only modal: every field, upper-case, no save button.
  await page.getByRole('button', { name: 'Ver la atención AMB-001' }).click();
  const modal = page.getByRole('dialog', { name: 'Atención ambulatoria' });
  await expect(modal.getByLabel('Nombre paciente')).toHaveValue('MARÍA PÉREZ ÑUSTA');
  await expect(modal.getByLabel('Motivo')).toHaveValue('CONTROL DE NEUMONÍA');
  await expect(modal.getByLabel('Fecha', { exact: true })).toHaveValue('05/01/2026');
  await expect(modal.getByLabel('Hora desde')).toHaveValue('08:00');
  await expect(modal.getByLabel('Diagnóstico 1', { exact: true })).toHaveValue('J181');
  await expect(modal.getByLabel('Laboratorio 1', { exact: true })).toHaveValue('BIOMETRÍA HEMÁTICA');
  await expect(modal.getByLabel('Imagen 1', { exact: true })).toHaveValue('RX DE TÓRAX');
  await expect(modal.getByLabel('Nombre paciente')).toHaveAttribute('readonly', '');
  await expect(modal.getByRole('button', { name: /Guardar/ })).toHaveCount(0);
  await modal.getByRole('button', { name: 'Cerrar' }).last().click();
  await expect(modal).toBeHidden();

  // The breadcrumb leads back to the procedure.
  await page
    .locator('.ant-breadcrumb')
    .getByRole('link', { name: /^Trámite TR-\d{4}-\d{6}$/ })
    .click();
  await expect(page).toHaveURL(new RegExp(`/tramiteform/${idTramite}$`));
});

test('the administrator renews the subscription: new end date and a Renovación audit row', async ({
  page,
}) => {
  await login(page, 'admin@demo.ec');
  const headers = await bearer(page);
  const antes = await page.request.get('/api/v1/registro/renovacion', { headers });
  expect(antes.ok(), await antes.text()).toBe(true);
  const actual = (await antes.json()).suscripcion as {
    idSuscripcion: number;
    numero: string;
    fechaHasta: string;
  };
  expect(actual, 'the demo company has a VIGENTE subscription').toBeTruthy();
  const dmy = (iso: string) => iso.slice(0, 10).split('-').reverse().join('/');

  await page.goto('/Renovacion01Plan');
  await expect(page.getByText(`vigente hasta el ${dmy(actual.fechaHasta)}`)).toBeVisible();
  // A step opened out of order goes back to the first one not done.
  await page.goto('/Renovacion03FP');
  await expect(page).toHaveURL(/\/Renovacion01Plan$/);
  await page.getByRole('radiogroup', { name: 'Planes' }).getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Siguiente' }).click();

  await expect(page).toHaveURL(/\/Renovacion02TC$/);
  await page.getByRole('button', { name: 'Siguiente' }).click();
  await expect(page.getByText(MSG_ADMIN.terminosRequeridos)).toBeVisible();
  await page.getByRole('checkbox', { name: 'He leído y acepto los términos y condiciones' }).check();
  await page.getByRole('button', { name: 'Siguiente' }).click();

  await expect(page).toHaveURL(/\/Renovacion03FP$/);
  await page.getByRole('radiogroup', { name: 'Formas de pago' }).getByRole('radio').first().check();
  await page.getByRole('button', { name: 'Renovar suscripción' }).click();

  await expect(page).toHaveURL(/\/Renovacion04Completo$/);
  const exito = page.getByText(
    /^¡Suscripción renovada exitosamente! Vigente hasta el \d{2}\/\d{2}\/\d{4}\.$/,
  );
  await expect(exito).toBeVisible();
  const nuevaHasta = /(\d{2}\/\d{2}\/\d{4})\.$/.exec((await exito.textContent()) ?? '')![1];
  const despues = await page.request.get('/api/v1/registro/renovacion', { headers });
  const renovada = (await despues.json()).suscripcion as { idSuscripcion: number; fechaHasta: string };
  expect(renovada.idSuscripcion).toBe(actual.idSuscripcion);
  expect(dmy(renovada.fechaHasta)).toBe(nuevaHasta);
  expect(renovada.fechaHasta.slice(0, 10) > actual.fechaHasta.slice(0, 10)).toBe(true);

  // The subscription shows the new end date and its audit list the renewal.
  await page.goto(`/suscripcionform/${actual.idSuscripcion}?tab=auditoria`);
  await expect(page.getByRole('heading', { name: `Suscripción ${actual.numero}` })).toBeVisible();
  await expect(page.getByText(nuevaHasta).first()).toBeVisible();
  const auditoria = page.getByRole('table');
  await expect(auditoria.getByRole('row', { name: /RENOVACION|Renovación/ }).first()).toContainText(
    nuevaHasta,
  );
});

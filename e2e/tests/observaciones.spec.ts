import { type APIRequestContext, type APIResponse, expect, type Page, test } from '@playwright/test';
import { COLUMNS, cedula, confirmar, login, logout, PASSWORD, pickOption } from './helpers.ts';
import { esperarCorreo, textoPdf } from './mail.ts';

/*
 * The observation conversation (issue 13 items 1, 4, 5, 6), as its users go through it: the medical
 * auditor raises an observation on an attention and one on a line item from the record page, the AM
 * supervisor sends them (e-mail with the report), the provider sees them on the procedure's
 * observations page, answers both and sends the answers, and the supervisor sees the answers on the
 * pending-observations review and decides on one. The procedure is built through the API the way a
 * provider's system would (create, upload, organise, send) and received and assigned by 17.
 * The e-mails are read from the test SMTP server (e2e/smtp-inbox.ts, e2e/tests/mail.ts).
 */

const STD_OBS = 'COBRO EXCESIVO E2E';
const STD_RESP = 'SE ADJUNTA SUSTENTO E2E';

type Headers = { authorization: string };

async function token(request: APIRequestContext, usuario: string): Promise<Headers> {
  const r = await request.post('/api/v1/auth/login', { data: { usuario, clave: PASSWORD } });
  expect(r.status(), await r.text()).toBe(200);
  return { authorization: `Bearer ${(await r.json()).token}` };
}

async function ok(res: Promise<APIResponse>) {
  const r = await res;
  expect(r.ok(), `${r.url()} → ${r.status()} ${await r.text()}`).toBe(true);
  return r.json();
}

/** One row of the claim data file: a line item of the attention `numero`. */
type Fila = {
  numero: string;
  cedula: string;
  nombre: string;
  fecha: string;
  codigo: string;
  cantidad: number;
  /** Unit value as the file carries it ('520.00'). */
  unitario: string;
};

/**
 * An EN PROCESO procedure built as a provider's system and the insurer would: created, its data file
 * uploaded and organised, sent; received by 17 and assigned to auditor.am (M) and, when `gd`, by 19
 * to gestor.gd (D).
 */
async function tramiteEnProceso(
  request: APIRequestContext,
  o: {
    desde: string;
    hasta: string;
    descripcion: string;
    filas: (idTramite: number) => Fila[];
    gd?: boolean;
  },
) {
  const prov = await token(request, 'prestador@demo.ec');
  const [prestador] = await ok(request.get('/api/v1/prestadores/mios', { headers: prov }));
  const servicios = await ok(request.get('/api/v1/catalogos/servicio?pageSize=100', { headers: prov }));
  const creado = await ok(
    request.post('/api/v1/tramites', {
      headers: prov,
      data: {
        idPrestador: prestador.idPrestador,
        idServicio: servicios.items[0].idServicio,
        fechaDesde: o.desde,
        fechaHasta: o.hasta,
        descripcion: o.descripcion,
        frecuenciaCarga: 'M',
      },
    }),
  );
  const idTramite: number = creado.item.idTramite;
  const filas = o
    .filas(idTramite)
    .map((f) =>
      [
        idTramite,
        f.numero,
        f.cedula,
        '',
        f.nombre,
        f.fecha,
        f.fecha,
        'J18.1',
        '',
        'N',
        '1',
        f.codigo,
        String(f.cantidad),
        f.unitario,
        '0',
        '',
        'DR. JUAN PÉREZ',
        'P',
        f.fecha,
      ].join(';'),
    );
  const csv = `\uFEFF${COLUMNS.join(';')}\n${filas.join('\n')}\n`;
  const carga = await ok(
    request.post(`/api/v1/tramites/${idTramite}/cargas?esperar=true`, {
      headers: prov,
      multipart: { archivo: { name: 'atenciones.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } },
    }),
  );
  expect(carga.contadorErrores, carga.mensaje).toBe(0);
  await ok(request.post(`/api/v1/cargas/${carga.idCarga}/organizar?esperar=true`, { headers: prov }));
  await ok(request.post(`/api/v1/tramites/${idTramite}/acciones/enviar`, { headers: prov, data: {} }));
  const sup = await token(request, 'supervisor.am@demo.ec');
  await ok(
    request.post(`/api/v1/tramites/${idTramite}/acciones/recibir`, {
      headers: sup,
      data: { estadoActual: 'ENVIADO' },
    }),
  );
  const asignar = async (headers: Headers, tipo: 'M' | 'D', usuario: string) => {
    const staff = await ok(
      request.get(`/api/v1/tramites/${idTramite}/asignaciones?tipo=${tipo}`, { headers }),
    );
    const u = staff.usuarios.find((x: { nombre: string }) => x.nombre === usuario);
    expect(u, usuario).toBeDefined();
    await ok(
      request.post(`/api/v1/tramites/${idTramite}/asignaciones`, {
        headers,
        data: { tipo, idUsuario: u.idUsuario, idCarga: carga.idCarga },
      }),
    );
  };
  await asignar(sup, 'M', 'auditor.am@demo.ec');
  if (o.gd) await asignar(await token(request, 'supervisor.gd@demo.ec'), 'D', 'gestor.gd@demo.ec');
  const lista = await ok(
    request.get(`/api/v1/planillas?idTramite=${idTramite}&pageSize=10`, { headers: sup }),
  );
  const planillas = (lista.items as { idPlanilla: number; numero: string }[]).sort((a, b) =>
    a.numero.localeCompare(b.numero),
  );
  const { numero } = await ok(request.get(`/api/v1/tramites/${idTramite}`, { headers: sup }));
  return {
    idTramite,
    numero: numero as string,
    idCarga: carga.idCarga as number,
    ids: planillas.map((p) => p.idPlanilla),
    sup,
  };
}

/** The first journey's procedure: April 2026, two attentions of one line each; its own standard texts. */
async function tramiteAbril(request: APIRequestContext) {
  const prov = await token(request, 'prestador@demo.ec');
  const elementos = await ok(request.get('/api/v1/catalogos/elemento?pageSize=1', { headers: prov }));
  const t = await tramiteEnProceso(request, {
    desde: '2026-04-01',
    hasta: '2026-04-30',
    descripcion: 'OBSERVACIONES E2E',
    filas: () =>
      [0, 1].map((i) => ({
        numero: String(8001 + i),
        cedula: cedula(800 + i),
        nombre: `PACIENTE OBSERVADO ${i + 1}`,
        fecha: `2026-04-0${i + 6}`,
        codigo: elementos.items[0].codigo,
        cantidad: 1,
        unitario: '25.00',
      })),
  });
  // The insurer's standard observation (M) and answer, as its supervisor keeps them.
  const admin = await token(request, 'admin@demo.ec');
  await ok(
    request.post('/api/v1/catalogos/observacion', {
      headers: admin,
      data: { tipo: 'M', descripcion: STD_OBS },
    }),
  );
  await ok(request.post('/api/v1/catalogos/respuesta', { headers: admin, data: { descripcion: STD_RESP } }));
  return t;
}

async function nuevaObservacion(page: Page, texto: string, detalle?: RegExp) {
  await page.getByRole('button', { name: 'Nueva observación' }).click();
  const dialog = page.getByRole('dialog', { name: 'Nueva observación' });
  await expect(dialog).toBeVisible();
  // The standard observation is required.
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog.getByText('Debe ingresar una observación estándar')).toBeVisible();
  if (detalle) {
    await dialog.getByLabel(/^Detalle/).click();
    await pickOption(page, '');
  }
  await dialog.getByLabel('Observación estándar').click();
  await pickOption(page, STD_OBS);
  await dialog.getByRole('textbox', { name: 'Observación complementaria' }).fill(texto);
  // Upper-case as typed; dictation is a real button.
  await expect(dialog.getByRole('textbox', { name: 'Observación complementaria' })).toHaveValue(
    texto.toUpperCase(),
  );
  await expect(dialog.getByRole('button', { name: 'Iniciar dictado' })).toBeEnabled();
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('¡Registro creado exitosamente!').last()).toBeVisible();
  await expect(dialog).toBeHidden();
}

async function responder(page: Page, texto: string, estandar: boolean) {
  await page.getByRole('button', { name: 'Responder' }).first().click();
  await expect(page).toHaveURL(/\/pla(-det)?-obs-respuesta\/\d+\/M$/);
  await expect(page.getByText(STD_OBS)).toBeVisible();
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('Ingrese una respuesta').first()).toBeVisible();
  await page.getByRole('button', { name: 'Aceptar' }).click();
  if (estandar) {
    await page.getByLabel('Respuesta estándar').click();
    await pickOption(page, STD_RESP);
  }
  await page.getByRole('textbox', { name: 'Respuesta complementaria' }).fill(texto);
  if (estandar) {
    // A browser without speech recognition: the button explains instead of doing nothing.
    await page.getByRole('button', { name: 'Iniciar dictado' }).click();
    await expect(page.getByText('Su navegador no permite el dictado por voz.').first()).toBeVisible();
    // A supporting document for the observed attention.
    await page.locator('input[type=file]').setInputFiles({
      name: 'sustento.pdf',
      mimeType: 'application/pdf',
      buffer: Buffer.from(`%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF ${Date.now()}\n`),
    });
    await page.getByRole('button', { name: 'Adjuntar documentos' }).click();
    await expect(page.getByText('1 documento de sustento cargado.').first()).toBeVisible();
  }
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('¡Respuesta registrada exitosamente!').last()).toBeVisible();
  await expect(page).toHaveURL(/\/tramite-observaciones\/\d+/);
}

test('auditor observes, supervisor sends, provider answers, supervisor reviews', async ({ page }) => {
  test.setTimeout(240_000);
  const { idTramite, numero, ids } = await tramiteAbril(page.request);

  // 1. The medical auditor: one observation on the attention, one on its line item.
  await login(page, 'auditor.am@demo.ec');
  await page.goto(`/planillaform/${idTramite}/EN%20PROCESO/${ids[0]}?tab=obs-am`);
  const tabla = page.getByRole('table', { name: 'Observaciones de Auditoría Médica' });
  await expect(tabla.getByText('No hay observaciones para este trámite/tipo.')).toBeVisible();
  await nuevaObservacion(page, 'falta el sustento');
  await expect(tabla.getByRole('row').filter({ hasText: 'FALTA EL SUSTENTO' })).toContainText('Borrador');
  await nuevaObservacion(page, 'cantidad no justificada', /./);
  const fila = tabla.getByRole('row').filter({ hasText: 'CANTIDAD NO JUSTIFICADA' });
  await expect(fila).toContainText('Detalle');
  // The text filter (Enter runs it).
  await page.getByLabel('Filtrar observaciones').fill('cantidad');
  await page.getByLabel('Filtrar observaciones').press('Enter');
  await expect(tabla.getByRole('row').filter({ hasText: 'FALTA EL SUSTENTO' })).toHaveCount(0);
  await expect(fila).toBeVisible();
  // The line item's own observations screen, from the row's level link.
  await fila.getByRole('link', { name: /^Detalle/ }).click();
  await expect(page).toHaveURL(/\/planilladet_pladetobs\/\d+\/EN%20PROCESO\/\d+\/M\/1\?idPlanilla=/);
  await expect(page.getByRole('heading', { name: /Observaciones del detalle/ })).toBeVisible();
  const det = page.getByRole('table', { name: 'Observaciones de Auditoría Médica' });
  await expect(det.getByRole('row').filter({ hasText: 'CANTIDAD NO JUSTIFICADA' })).toBeVisible();
  await expect(det.getByRole('row').filter({ hasText: 'FALTA EL SUSTENTO' })).toHaveCount(0);
  await expect(page.getByRole('button', { name: 'Nueva observación' })).toBeVisible();
  await logout(page);

  // 2. The AM supervisor sends them from the procedure page.
  await login(page, 'supervisor.am@demo.ec');
  await page.goto(`/tramiteform/${idTramite}`);
  await page.getByRole('button', { name: 'Enviar observaciones' }).click();
  await confirmar(page, 'Enviar observaciones');
  await expect(page.getByText('Correo con reporte de observaciones enviado.').first()).toBeVisible();
  await expect(page.getByText('OBSERVACIONES', { exact: true }).first()).toBeVisible();
  await logout(page);

  // 3. The provider sees both, answers them and sends the answers.
  await page.addInitScript(() => {
    const w = window as unknown as Record<string, unknown>;
    delete w.webkitSpeechRecognition;
    delete w.SpeechRecognition;
  });
  await login(page, 'prestador@demo.ec');
  await page.goto(`/tramiteform-carga/${idTramite}`);
  await page.getByRole('button', { name: 'Observaciones', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/tramite-observaciones/${idTramite}`));
  await expect(page.getByRole('tab', { name: 'Cabecera de atenciones' })).toBeVisible();
  // Sending before answering: the server says what is missing.
  await page.getByRole('button', { name: 'Enviar respuestas' }).click();
  await confirmar(page, 'Enviar respuestas');
  const pendientes = page.getByRole('dialog', { name: 'Observaciones pendientes' });
  await expect(pendientes).toContainText('Quedan 2 observaciones de Auditoría Médica sin responder.');
  await pendientes.getByRole('button', { name: 'Aceptar' }).click();

  await expect(page.getByRole('table', { name: 'Observaciones del trámite' })).toContainText(
    'FALTA EL SUSTENTO',
  );
  await responder(page, 'se adjunta la historia clinica', true);
  await page.getByRole('tab', { name: 'Detalle de atenciones' }).click();
  await expect(page.getByRole('table', { name: 'Observaciones del trámite' })).toContainText(
    'CANTIDAD NO JUSTIFICADA',
  );
  await responder(page, 'la cantidad consta en la orden', false);
  await expect(page.getByRole('table', { name: 'Observaciones del trámite' })).toContainText(
    'LA CANTIDAD CONSTA EN LA ORDEN',
  );
  await page.getByRole('button', { name: 'Enviar respuestas' }).click();
  await confirmar(page, 'Enviar respuestas');
  await expect(page.getByText('Éxito').first()).toBeVisible();
  await expect(page.getByText('EN PROCESO', { exact: true }).first()).toBeVisible();
  await logout(page);

  // 4. The supervisor reviews the answers: rows once a load and a type (M by default) are chosen.
  await login(page, 'supervisor.am@demo.ec');
  await page.goto(`/observaciones-tramite/${idTramite}`);
  await expect(page.getByText('Seleccione el periodo (carga) y el tipo de observación')).toBeVisible();
  await page.getByRole('combobox', { name: 'Periodo' }).click();
  await pickOption(page, '01/04/2026 – 30/04/2026');
  const revision = page.getByRole('table', { name: 'Revisión de observaciones' });
  await expect(revision).toContainText('SE ADJUNTA LA HISTORIA CLINICA');
  await expect(revision).toContainText('LA CANTIDAD CONSTA EN LA ORDEN');
  await revision
    .getByRole('button', { name: /Decidir la respuesta/ })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Se retira la glosa' }).click();
  await confirmar(page, 'Registrar decisión');
  await expect(page.getByText('¡Decisión sobre la respuesta registrada exitosamente!').first()).toBeVisible();
  await expect(revision.getByText('Se retira la glosa')).toBeVisible();
  // The line item's glosa is reduced to a new approved amount.
  await revision
    .getByRole('button', { name: /Decidir la respuesta/ })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Se reduce la glosa' }).click();
  const reducir = page.getByRole('dialog', { name: 'Se reduce la glosa' });
  await reducir.getByRole('button', { name: 'Registrar decisión' }).click();
  await expect(
    reducir.getByText('Para reducir la glosa indique el nuevo valor aprobado de la línea.'),
  ).toBeVisible();
  await reducir.getByLabel(/Nuevo valor aprobado/).fill('10,00');
  await reducir.getByRole('button', { name: 'Registrar decisión' }).click();
  await expect(reducir).toBeHidden();
  await expect(revision.getByText('Se reduce la glosa')).toBeVisible();

  // 'Observaciones por trámite': an ID and a type (17: M by default) open the procedure's tabs.
  await page.goto('/observaciones-01');
  await page.getByRole('button', { name: 'Consultar' }).click();
  await expect(page.getByText('Por favor, ingrese ID Trámite y Tipo de Observación')).toBeVisible();
  await page.getByLabel('ID Trámite').fill(String(idTramite));
  await page.getByRole('button', { name: 'Consultar' }).click();
  await expect(page).toHaveURL(new RegExp(`/observaciones-01/${idTramite}/M`));
  await expect(page.getByRole('table', { name: 'Observaciones del trámite' })).toContainText(
    'FALTA EL SUSTENTO',
  );

  // 5. The e-mails, as the test SMTP server received them: the provider got the observations, the
  // AM supervisor the answers.
  await esperarCorreo(
    'Observaciones al prestador',
    (c) => c.para.includes('prestador@demo.ec') && c.asunto.endsWith(`Trámite ${numero}`),
  );
  await esperarCorreo(
    'Respuestas al supervisor AM',
    (c) =>
      c.para.includes('supervisor.am@demo.ec') &&
      c.asunto.startsWith('Respuestas') &&
      c.asunto.endsWith(`Trámite ${numero}`),
  );
});

// ---------------------------------------------------------------------------------------------
// Issue 13 'Tests that must exist', the Playwright journey: a glosa on a line and an observation on an
// attention, the e-mail read from the SMTP server, the answers, a reduced glosa, FINALIZADO, and the
// procedure's money on screen.

/** Cents from '1234.56' (the amounts of this test, never a float on the way). */
const centavos = (v: string) => {
  const [e, d = ''] = v.split('.');
  return Number(e) * 100 + Number(d.padEnd(2, '0'));
};
/** 123456 → '1.234,56', as the product shows amounts. */
const monto = (c: number) => {
  const e = Math.floor(c / 100)
    .toString()
    .replace(/\B(?=(\d{3})+(?!\d))/g, '.');
  return `${e},${String(c % 100).padStart(2, '0')}`;
};

test('journey: glosa on a line and an observation on an attention, e-mail from SMTP, answers, reduced glosa, FINALIZADO with its totals', async ({
  page,
  request,
}) => {
  test.setTimeout(420_000);
  expect(page.viewportSize()).toEqual({ width: 1366, height: 768 });
  // Per run (the demo database of a local server outlives runs): texts and a valid cédula (3rd digit 0).
  const run = Date.now() % 1_000_000;
  const OBS_LINEA = 'PROCEDIMIENTO NO JUSTIFICADO POR EL DIAGNÓSTICO';
  const OBS_ATENCION = 'MEDICAMENTO NO CORRESPONDE AL DIAGNÓSTICO';
  const RESP_LINEA = 'EL PROCEDIMIENTO CONSTA EN EL INFORME MÉDICO';
  const RESP_ATENCION = 'SE ADJUNTA EL SUSTENTO SOLICITADO';
  const TXT_LINEA = `tomografia sin indicacion ${run}`;
  const TXT_ATENCION = `revisar la prescripcion ${run}`;
  // Two attentions of May 2026; the tomography of J-001 gets the glosa.
  const LINEAS = [
    { numero: 'J-001', codigo: '44950', cantidad: 1, unitario: '520.00' },
    { numero: 'J-001', codigo: '99221', cantidad: 1, unitario: '45.90' },
    { numero: 'J-001', codigo: '74150', cantidad: 1, unitario: '165.00' },
    { numero: 'J-002', codigo: '59400', cantidad: 1, unitario: '410.00' },
    { numero: 'J-002', codigo: '85025', cantidad: 2, unitario: '7.90' },
  ];
  const GLOSADA = LINEAS[2];
  const APROBADO_1 = '99,90'; // the auditor's first approved value of the tomography
  const APROBADO_2 = '148,35'; // after the provider's answer, the glosa is reduced to this
  const reclamado = LINEAS.reduce((s, l) => s + l.cantidad * centavos(l.unitario), 0);
  const glosa1 = GLOSADA.cantidad * centavos(GLOSADA.unitario) - centavos(APROBADO_1.replace(',', '.'));
  const glosa2 = GLOSADA.cantidad * centavos(GLOSADA.unitario) - centavos(APROBADO_2.replace(',', '.'));
  const reclamadoJ001 = LINEAS.filter((l) => l.numero === 'J-001').reduce(
    (s, l) => s + l.cantidad * centavos(l.unitario),
    0,
  );
  expect(monto(reclamado)).toBe('1.156,70');

  const { idTramite, numero, idCarga, ids } = await tramiteEnProceso(request, {
    desde: '2026-05-01',
    hasta: '2026-05-31',
    descripcion: 'GLOSA E2E',
    gd: true,
    filas: () =>
      LINEAS.map((l) => {
        const i = l.numero === 'J-001' ? 0 : 1;
        return {
          ...l,
          cedula: cedula(run + i),
          nombre: `PACIENTE GLOSA ${i + 1}`,
          fecha: `2026-05-1${i + 1}`,
        };
      }),
  });
  const [j001, j002] = ids;
  const registro = (id: number) => `/planillaform/${idTramite}/EN%20PROCESO/${id}`;

  // ---- 1. The medical auditor: the tomography's observation, then its approved value (the glosa).
  await login(page, 'auditor.am@demo.ec');
  await page.goto(registro(j001));
  await expect(page.getByRole('heading', { name: 'Atención J-001' })).toBeVisible();
  const detalle = page.getByRole('table', { name: 'Detalle de la atención' });
  await detalle.getByRole('button', { name: `Opciones del detalle ${GLOSADA.codigo}` }).click();
  await page.getByRole('menuitem', { name: 'Observaciones', exact: true }).click();
  await expect(page).toHaveURL(new RegExp(`/planilladet_pladetobs/${idTramite}/EN%20PROCESO/\\d+/M/1`));
  await expect(page.getByRole('heading', { name: /Observaciones del detalle/ })).toBeVisible();
  await page.getByRole('button', { name: 'Nueva observación' }).click();
  let dialog = page.getByRole('dialog', { name: 'Nueva observación' });
  await dialog.getByLabel('Observación estándar').click();
  await pickOption(page, OBS_LINEA);
  await dialog.getByRole('textbox', { name: 'Observación complementaria' }).fill(TXT_LINEA);
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('¡Registro creado exitosamente!').last()).toBeVisible();
  await expect(
    page.getByRole('table', { name: 'Observaciones de Auditoría Médica' }).getByRole('row', {
      name: new RegExp(TXT_LINEA.toUpperCase()),
    }),
  ).toBeVisible();

  await page.goto(registro(j001));
  await detalle.getByRole('button', { name: `Opciones del detalle ${GLOSADA.codigo}` }).click();
  await page.getByRole('menuitem', { name: 'Valor aprobado / glosa' }).click();
  dialog = page.getByRole('dialog', { name: `Valor aprobado · ${GLOSADA.codigo}` });
  await expect(dialog.getByText(`$ ${monto(centavos(GLOSADA.unitario))}`).first()).toBeVisible();
  await dialog.getByLabel('Valor aprobado').fill(APROBADO_1);
  await expect(dialog.getByText(`Glosa: $ ${monto(glosa1)}`)).toBeVisible();
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(dialog).toBeHidden();
  const filaGlosada = detalle.getByRole('row').filter({ hasText: GLOSADA.codigo });
  await expect(filaGlosada).toContainText(`$ ${APROBADO_1}`);
  await expect(filaGlosada).toContainText(`$ ${monto(glosa1)}`);

  // The observation on the other attention, from its 'Observaciones de Auditoría Médica' tab.
  await page.goto(`${registro(j002)}?tab=obs-am`);
  await expect(page.getByRole('heading', { name: 'Atención J-002' })).toBeVisible();
  await page.getByRole('button', { name: 'Nueva observación' }).click();
  dialog = page.getByRole('dialog', { name: 'Nueva observación' });
  await dialog.getByLabel('Observación estándar').click();
  await pickOption(page, OBS_ATENCION);
  await dialog.getByRole('textbox', { name: 'Observación complementaria' }).fill(TXT_ATENCION);
  await dialog.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('¡Registro creado exitosamente!').last()).toBeVisible();
  await logout(page);

  // ---- 2. The AM supervisor sends both to the provider.
  await login(page, 'supervisor.am@demo.ec');
  await page.goto(`/tramiteform/${idTramite}`);
  await page.getByRole('button', { name: 'Enviar observaciones' }).click();
  await confirmar(page, 'Enviar observaciones');
  await expect(page.getByText('Correo con reporte de observaciones enviado.').first()).toBeVisible();
  await expect(page.getByText('OBSERVACIONES', { exact: true }).first()).toBeVisible();
  await logout(page);

  // ---- 3. The provider's e-mail, from the SMTP server: subject, link into the product, report 4.
  const correo = await esperarCorreo(
    'Observaciones al prestador',
    (c) => c.para.includes('prestador@demo.ec') && c.asunto.endsWith(`Trámite ${numero}`),
  );
  expect(correo.asunto).toBe(`Observaciones de Auditoría Médica – Trámite ${numero}`);
  expect(correo.texto).toContain(`sobre el trámite ${numero}`);
  expect(correo.texto).toContain('Adjuntamos el reporte de observaciones (2 en total)');
  const enlace = correo.enlaces.find((u) => new URL(u).pathname === `/tramite-observaciones/${idTramite}`);
  expect(enlace, `enlace al trámite en ${correo.enlaces.join(', ')}`).toBeDefined();
  expect(correo.html).toContain(`href="${enlace}"`);
  const pdf = correo.adjuntos.find((a) => a.tipo === 'application/pdf');
  expect(pdf?.nombre).toBe(`observaciones_M_${numero}.pdf`);
  expect(pdf!.contenido.subarray(0, 5).toString('latin1')).toBe('%PDF-');
  const texto = textoPdf(pdf!.contenido);
  if (texto !== null) {
    // pdftotext (poppler-utils) where installed: the report names both observations (its table wraps
    // long texts inside their column, so word by word).
    expect(texto).toContain(`Reporte de Observaciones de Auditoría Médica – Trámite ${numero}`);
    expect(texto).toMatch(new RegExp(`J-001[^\\n]*${GLOSADA.codigo}`));
    expect(texto).toMatch(/J-002/);
    const palabras = new Set(texto.split(/\s+/));
    for (const t of [OBS_LINEA, OBS_ATENCION, TXT_LINEA.toUpperCase(), TXT_ATENCION.toUpperCase()])
      for (const w of t.split(' ')) expect(palabras, `${w} (${t})`).toContain(w);
  }

  // ---- 4. The provider follows the link (signed out: the sign-in page, then the link's page).
  const destino = new URL(enlace!);
  await page.goto(destino.pathname + destino.search);
  await expect(page).toHaveURL(/\/Login$/);
  await page.getByLabel('Usuario').fill('prestador@demo.ec');
  await page.getByLabel('Contraseña').fill(PASSWORD);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await expect(page).toHaveURL(new RegExp(`/tramite-observaciones/${idTramite}$`));
  const obsTramite = page.getByRole('table', { name: 'Observaciones del trámite' });
  await expect(obsTramite).toContainText(TXT_ATENCION.toUpperCase());
  await obsTramite.getByRole('button', { name: 'Responder' }).first().click();
  await expect(page).toHaveURL(/\/pla-obs-respuesta\/\d+\/M$/);
  await expect(page.getByText(OBS_ATENCION)).toBeVisible();
  await page.getByLabel('Respuesta estándar').click();
  await pickOption(page, RESP_ATENCION);
  await page.getByRole('textbox', { name: 'Respuesta complementaria' }).fill('receta adjunta');
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('¡Respuesta registrada exitosamente!').last()).toBeVisible();
  await expect(page).toHaveURL(new RegExp(`/tramite-observaciones/${idTramite}`));

  await page.getByRole('tab', { name: 'Detalle de atenciones' }).click();
  await expect(obsTramite).toContainText(TXT_LINEA.toUpperCase());
  await obsTramite.getByRole('button', { name: 'Responder' }).first().click();
  await expect(page).toHaveURL(/\/pla-det-obs-respuesta\/\d+\/M$/);
  await expect(page.getByText(OBS_LINEA)).toBeVisible();
  await page.getByLabel('Respuesta estándar').click();
  await pickOption(page, RESP_LINEA);
  await page.getByRole('button', { name: 'Guardar' }).click();
  await expect(page.getByText('¡Respuesta registrada exitosamente!').last()).toBeVisible();
  await expect(obsTramite).toContainText(RESP_LINEA);

  await page.getByRole('button', { name: 'Enviar respuestas' }).click();
  await confirmar(page, 'Enviar respuestas');
  await expect(page.getByText('Éxito').first()).toBeVisible();
  await expect(page.getByText('EN PROCESO', { exact: true }).first()).toBeVisible();
  await logout(page);
  // The insurer's supervisors get the answers (report 6), through the same SMTP server.
  const respuestas = await esperarCorreo(
    'Respuestas al supervisor AM',
    (c) =>
      c.para.includes('supervisor.am@demo.ec') &&
      c.asunto === `Respuestas a observaciones de Auditoría Médica – Trámite ${numero}`,
  );
  expect(respuestas.adjuntos.find((a) => a.tipo === 'application/pdf')?.nombre).toBe(
    `respuestas_M_${numero}.pdf`,
  );

  // ---- 5. The auditor sees both answers, reduces the glosa, withdraws the other, registers the reviews.
  await login(page, 'auditor.am@demo.ec');
  await page.goto(`/observaciones-tramite/${idTramite}`);
  await page.getByRole('combobox', { name: 'Periodo' }).click();
  await pickOption(page, '01/05/2026 – 31/05/2026');
  const revision = page.getByRole('table', { name: 'Revisión de observaciones' });
  await expect(revision).toContainText(RESP_LINEA);
  await expect(revision).toContainText('RECETA ADJUNTA');
  const filaLinea = revision.getByRole('row').filter({ hasText: TXT_LINEA.toUpperCase() });
  await filaLinea.getByRole('button', { name: /Decidir la respuesta/ }).click();
  await page.getByRole('menuitem', { name: 'Se reduce la glosa' }).click();
  const reducir = page.getByRole('dialog', { name: 'Se reduce la glosa' });
  await reducir.getByLabel(/Nuevo valor aprobado/).fill(APROBADO_2);
  await reducir.getByRole('button', { name: 'Registrar decisión' }).click();
  await expect(reducir).toBeHidden();
  await expect(filaLinea).toContainText('Se reduce la glosa');
  const filaAtencion = revision.getByRole('row').filter({ hasText: TXT_ATENCION.toUpperCase() });
  await filaAtencion.getByRole('button', { name: /Decidir la respuesta/ }).click();
  await page.getByRole('menuitem', { name: 'Se retira la glosa' }).click();
  await confirmar(page, 'Registrar decisión');
  await expect(filaAtencion).toContainText('Se retira la glosa');

  // The line now approves the reduced value; the auditor registers the review of both attentions.
  await page.goto(registro(j001));
  await expect(filaGlosada).toContainText(`$ ${APROBADO_2}`);
  await expect(filaGlosada).toContainText(`$ ${monto(glosa2)}`);
  for (const [id, n] of [
    [j001, 'J-001'],
    [j002, 'J-002'],
  ] as const) {
    await page.goto(registro(id));
    await expect(page.getByRole('heading', { name: `Atención ${n}` })).toBeVisible();
    await page.getByRole('button', { name: 'Registrar revisión AM' }).click();
    await expect(page.getByText('¡Revisión registrada exitosamente!').first()).toBeVisible();
    const sinPendientes = page.getByRole('dialog', { name: 'Sin planillas pendientes' });
    if (n === 'J-002') await sinPendientes.getByRole('button', { name: 'Aceptar' }).click();
  }
  await logout(page);

  // The document team's review of the same attentions (not this journey's subject), through the API.
  const gd = await token(request, 'gestor.gd@demo.ec');
  for (const id of ids) {
    const { version } = await ok(request.get(`/api/v1/planillas/${id}`, { headers: gd }));
    await ok(request.post(`/api/v1/planillas/${id}/revision`, { headers: gd, data: { tipo: 'D', version } }));
  }
  await ok(
    request.post(`/api/v1/cargas/${idCarga}/revision/finalizar`, {
      headers: await token(request, 'supervisor.gd@demo.ec'),
      data: { tipo: 'D' },
    }),
  );

  // ---- 6. The AM supervisor finalizes the reviews of the load, then the procedure.
  await login(page, 'supervisor.am@demo.ec');
  await page.goto(registro(j001));
  const item = page.getByRole('menuitem', { name: 'Finalizar revisadas AM de la carga' });
  const finalizarRevisadas = page.getByRole('button', { name: 'Finalizar revisadas' });
  await expect(async () => {
    if (!(await finalizarRevisadas.isVisible())) {
      if (!(await item.isVisible())) await page.getByRole('button', { name: /Supervisión/ }).click();
      await item.click({ timeout: 3_000 });
    }
    await expect(finalizarRevisadas).toBeVisible({ timeout: 3_000 });
  }).toPass({ timeout: 30_000 });
  await finalizarRevisadas.click();
  await expect(page.getByText('2 revisiones finalizadas exitosamente.')).toBeVisible();

  await page.goto(`/tramiteform/${idTramite}`);
  await page.getByRole('button', { name: 'Finalizar Trámite' }).click();
  await confirmar(page, 'Finalizar Trámite');
  await expect(page.getByText('Trámite finalizado')).toBeVisible();
  await expect(page.getByText('FINALIZADO', { exact: true }).first()).toBeVisible();

  // ---- 7. The money on screen, as the test computes it from what it entered.
  const aprobado = reclamado - glosa2;
  const valores = page.locator('.ant-card').filter({ hasText: 'Valores del trámite' });
  await expect(valores).toContainText(`Reclamado: $ ${monto(reclamado)}`);
  await expect(valores).toContainText(`Aprobado: $ ${monto(aprobado)}`);
  await expect(valores).toContainText(`Glosa: $ ${monto(glosa2)}`);
  await page
    .getByRole('tab', { name: /Atenciones/ })
    .first()
    .click();
  const totales = page.getByLabel('Totales del trámite');
  await expect(totales).toContainText('(2 atenciones)');
  await expect(totales).toContainText(`Reclamado: $ ${monto(reclamado)}`);
  await expect(totales).toContainText(`Aprobado: $ ${monto(aprobado)}`);
  await expect(totales).toContainText(`Glosa: $ ${monto(glosa2)}`);
  // The attentions list's column: J-001 approves its claim less the glosa, J-002 all of it.
  const atenciones = page.getByRole('table').filter({ hasText: 'Aprobado / Glosa' });
  await expect(atenciones.getByRole('row').filter({ hasText: 'J-001' })).toContainText(
    `$ ${monto(reclamadoJ001 - glosa2)}− $ ${monto(glosa2)}`,
  );
  await expect(atenciones.getByRole('row').filter({ hasText: 'J-002' })).toContainText(
    `$ ${monto(reclamado - reclamadoJ001)}`,
  );
});

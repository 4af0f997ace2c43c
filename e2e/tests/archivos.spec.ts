import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { expect, type Page, test } from '@playwright/test';
import JSZip from 'jszip';
import { COLUMNS, login } from './helpers.ts';

/*
 * Supporting files (issue 6): a provider uploads a folder with a few bad files and sees the three
 * results; the AM supervisor previews a file and downloads the ZIP layouts.
 */

const ATENCIONES = 30;

/** A tiny but valid PDF with a visible text. */
const pdf = (texto: string) => {
  const stream = `BT /F1 24 Tf 72 720 Td (${texto}) Tj ET`;
  const objs = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let out = '%PDF-1.4\n';
  const offsets: number[] = [];
  objs.forEach((o, i) => {
    offsets.push(out.length);
    out += `${i + 1} 0 obj\n${o}\nendobj\n`;
  });
  const xref = out.length;
  out += `xref\n0 ${objs.length + 1}\n0000000000 65535 f \n${offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('')}`;
  out += `trailer\n<< /Size ${objs.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(out, 'latin1');
};
/** A 1×1 PNG. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const token = (page: Page) =>
  page.evaluate(() => JSON.parse(localStorage.getItem('sesion') ?? '{}').token as string);

test('a provider uploads a folder and sees the three results; an auditor previews and downloads ZIPs', async ({
  page,
}) => {
  test.setTimeout(240_000);

  // A procedure with 30 organised attentions, built through the API as the provider.
  await login(page, 'prestador@demo.ec');
  const auth = { authorization: `Bearer ${await token(page)}` };
  const prestadores = await (await page.request.get('/api/v1/prestadores/mios', { headers: auth })).json();
  const servicios = await (
    await page.request.get('/api/v1/catalogos/servicio?pageSize=1', { headers: auth })
  ).json();
  const elemento = (
    await (await page.request.get('/api/v1/catalogos/elemento?pageSize=1', { headers: auth })).json()
  ).items[0];
  const creado = await page.request.post('/api/v1/tramites', {
    headers: auth,
    data: {
      idPrestador: prestadores[0].idPrestador,
      idServicio: servicios.items[0].idServicio,
      fechaDesde: '2026-03-02',
      fechaHasta: '2026-03-29',
      descripcion: 'DOCUMENTOS DE MARZO',
      frecuenciaCarga: 'M',
    },
  });
  expect(creado.ok(), await creado.text()).toBe(true);
  const idTramite: number = (await creado.json()).item.idTramite;
  const filas = Array.from({ length: ATENCIONES }, (_, i) => {
    const dia = `2026-03-${String(2 + (i % 5)).padStart(2, '0')}`;
    return [
      idTramite,
      3001 + i,
      '1710034065',
      '',
      `PACIENTE ${i + 1}`,
      dia,
      dia,
      'J18.1',
      '',
      'N',
      '1',
      elemento.codigo,
      '1',
      String(elemento.valor),
      '0',
      '',
      'DR. JUAN PÉREZ',
      'P',
      dia,
    ].join(';');
  });
  const csv = `${COLUMNS.join(';')}\n${filas.join('\n')}\n`;
  const carga = await page.request.post(`/api/v1/tramites/${idTramite}/cargas?esperar=true`, {
    headers: auth,
    multipart: { archivo: { name: 'marzo.csv', mimeType: 'text/csv', buffer: Buffer.from(csv) } },
  });
  expect(carga.ok(), await carga.text()).toBe(true);
  const { idCarga, contadorErrores } = await carga.json();
  expect(contadorErrores).toBe(0);
  const org = await page.request.post(`/api/v1/cargas/${idCarga}/organizar?esperar=true`, { headers: auth });
  expect(org.ok(), await org.text()).toBe(true);

  // The folder: 24 documents for attentions, 2 copies, 3 without an attention, 3 not allowed.
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'carpeta-'));
  const carpeta = path.join(dir, 'documentos marzo');
  fs.mkdirSync(path.join(carpeta, 'copias'), { recursive: true });
  for (let i = 0; i < 20; i++)
    fs.writeFileSync(path.join(carpeta, `${3001 + i}.pdf`), pdf(`Atencion ${3001 + i}`));
  for (let i = 0; i < 4; i++)
    fs.writeFileSync(path.join(carpeta, `${3001 + i}_foto.png`), Buffer.concat([PNG, Buffer.from([i])]));
  fs.copyFileSync(path.join(carpeta, '3001.pdf'), path.join(carpeta, 'copias', '3001-copia.pdf'));
  fs.copyFileSync(path.join(carpeta, '3002.pdf'), path.join(carpeta, 'copias', '3002.pdf'));
  for (const n of ['9991.pdf', '9992.pdf', 'informe.pdf']) fs.writeFileSync(path.join(carpeta, n), pdf(n));
  fs.writeFileSync(
    path.join(carpeta, 'virus.pdf'),
    Buffer.from('MZ\x90\x00\x03\x00\x00\x00programa', 'latin1'),
  );
  fs.writeFileSync(path.join(carpeta, 'notas.txt'), 'texto');
  fs.writeFileSync(path.join(carpeta, '3025.pdf'), '');

  await page.goto(`/tramiteform-carga/${idTramite}`);
  await expect(page.getByText('ESTRUCTURADO').first()).toBeVisible();
  await page
    .getByRole('button', { name: /Opciones de la carga/ })
    .first()
    .click();
  await page.getByRole('menuitem', { name: 'Carga de Archivos' }).click();
  const modal = page.getByRole('dialog', { name: 'Carga de Archivos' });
  await expect(modal.getByText('No se ha seleccionado la carpeta contenedora.')).toBeVisible();
  await modal.getByLabel('Carpeta de archivos').setInputFiles(carpeta);
  await expect(modal.getByText('documentos marzo')).toBeVisible();
  await expect(
    modal.getByText(/29 archivos para cargar .* 1 vacíos omitidos · 32 en la carpeta/),
  ).toBeVisible();
  await expect(modal.getByText('Archivo no permitido (2)')).toBeVisible();
  await expect(modal.getByText(/virus\.pdf: no es un PDF, JPEG ni PNG/)).toBeVisible();

  const descargas: string[] = [];
  page.on('download', (d) => descargas.push(d.suggestedFilename()));
  await modal.getByRole('button', { name: 'Cargar archivos' }).click();

  const ok = page.getByRole('dialog', { name: 'Archivos cargados correctamente' });
  await expect(ok).toBeVisible({ timeout: 60_000 });
  await expect(ok.getByText('Se cargaron 24 archivos.')).toBeVisible();
  await ok.getByRole('button', { name: 'Aceptar' }).click();
  const dup = page.getByRole('dialog', { name: 'Archivos duplicados' });
  await expect(dup.getByText('copias/3001-copia.pdf')).toBeVisible();
  await dup.getByRole('button', { name: 'Aceptar' }).click();
  const nf = page.getByRole('dialog', { name: 'Planillas no encontradas' });
  await expect(nf.getByText('informe.pdf')).toBeVisible();
  await nf.getByRole('button', { name: 'Aceptar' }).click();
  await expect
    .poll(() => [...descargas].sort())
    .toEqual(['archivosCargados.csv', 'archivosDuplicados.csv', 'planillasNoEncontradas.csv']);
  await expect(modal.getByText(/29 de 29 archivos/)).toBeVisible();
  await modal.getByRole('button', { name: 'Cerrar' }).last().click();
  await expect(page.getByText('DOCUMENTADO').first()).toBeVisible();
  // The DOCUMENTADO warning counts the attentions still without documents, as the tab lists them
  // (issue 14 §4: it used to show even when none was missing).
  await page.goto(`/tramiteform/${idTramite}`);
  await expect(page.getByTestId('aviso-sin-archivos')).toContainText(
    `Existen ${ATENCIONES - 20} atenciones médicas sin documentos de respaldo`,
  );

  // The AM supervisor previews a document and downloads the ZIP layouts.
  await page.evaluate(() => localStorage.clear());
  await login(page, 'supervisor.am@demo.ec');
  const sup = { authorization: `Bearer ${await token(page)}` };
  // A provider's work becomes the insurer's only when it is sent (issue 11 item 4): before ENVIADO
  // the supervisor gets 404 for its attentions. The provider sends it and the AM supervisor
  // receives it, as the supervision journey does.
  const antes = await page.request.get(`/api/v1/planillas?idTramite=${idTramite}&numero=3001`, {
    headers: sup,
  });
  expect(antes.status(), await antes.text()).toBe(404);
  const enviado = await page.request.post(`/api/v1/tramites/${idTramite}/acciones/enviar`, {
    headers: auth,
    data: {},
  });
  expect(enviado.ok(), await enviado.text()).toBe(true);
  const recibido = await page.request.post(`/api/v1/tramites/${idTramite}/acciones/recibir`, {
    headers: sup,
    data: { estadoActual: 'ENVIADO' },
  });
  expect(recibido.ok(), await recibido.text()).toBe(true);
  const lista = await (
    await page.request.get(`/api/v1/planillas?idTramite=${idTramite}&numero=3001`, { headers: sup })
  ).json();
  const idPlanilla = lista.items.find((p: { numero: string }) => p.numero === '3001').idPlanilla;
  const archivos = await (
    await page.request.get(`/api/v1/planillas/${idPlanilla}/archivos`, { headers: sup })
  ).json();
  const archivoPdf = archivos.items.find((a: { nombre: string }) => a.nombre === '3001.pdf');
  const archivoPng = archivos.items.find((a: { nombre: string }) => a.nombre === '3001_foto.png');

  const contenido = page.waitForResponse(
    (r) => r.url().includes('/api/v1/descargas?t=') && r.status() === 200,
  );
  await page.goto(`/archivoplamd/${archivoPdf.idArchivoPla}`);
  await expect(page.getByRole('heading', { name: '3001.pdf' })).toBeVisible();
  await expect(page.getByText(archivoPdf.hash)).toBeVisible();
  await expect(page.locator('iframe[title="Vista previa de 3001.pdf"]')).toBeVisible();
  expect((await contenido).headers()['content-type']).toBe('application/pdf');

  await page.goto(`/archivoplamd/${archivoPng.idArchivoPla}`);
  const img = page.getByRole('img', { name: '3001_foto.png' });
  await expect(img).toBeVisible();
  await expect.poll(() => img.evaluate((el: HTMLImageElement) => el.naturalWidth)).toBe(1);

  await page.goto(`/tramiteform/${idTramite}`);
  const zips: Record<string, string[]> = {};
  for (const opcion of ['ZIP Carpetas', 'ZIP Carpetas día', 'ZIP Carpetas día y especialidad']) {
    await page
      .getByRole('button', { name: /Opciones de la carga/ })
      .first()
      .click();
    const descarga = page.waitForEvent('download');
    await page.getByRole('menuitem', { name: opcion, exact: true }).click();
    const d = await descarga;
    const file = path.join(dir, d.suggestedFilename());
    await d.saveAs(file);
    const zip = await JSZip.loadAsync(fs.readFileSync(file));
    zips[d.suggestedFilename()] = Object.keys(zip.files).filter((n) => !n.endsWith('/'));
  }
  expect(Object.keys(zips).sort()).toEqual([
    `${idTramite}_carpetas_atenciones.zip`,
    `${idTramite}_carpetas_por_fecha.zip`,
    `${idTramite}_carpetas_por_fecha_y_especialidad.zip`,
  ]);
  expect(zips[`${idTramite}_carpetas_atenciones.zip`]).toHaveLength(24);
  expect(zips[`${idTramite}_carpetas_atenciones.zip`]).toContain('3001/3001_foto.png');
  expect(zips[`${idTramite}_carpetas_por_fecha.zip`]).toContain('2026-03-02/3001/3001.pdf');
  expect(zips[`${idTramite}_carpetas_por_fecha_y_especialidad.zip`][0]).toMatch(
    /^2026-03-0\d\/[^/]+\/30\d\d\//,
  );

  // Attentions without files: 30 attentions, 20 with documents.
  const sin = await (
    await page.request.get(`/api/v1/tramites/${idTramite}/planillas-sin-archivos`, { headers: sup })
  ).json();
  expect(sin.total).toBe(ATENCIONES - 20);
});

/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * The auditor's loop (issue 14 §1): 'Registrar revisión' with Alt+R, over and over, in a real browser.
 * Against a running demo server (scratch/serve.sh, `npm start`): builds through the API a procedure EN
 * PROCESO with N+1 attentions, each with a one-page PDF, assigned (AM) to auditor.am@demo.ec; signs in
 * as that auditor at 1366×768, opens the first one and presses Alt+R N times. Each review is timed
 * in the page, from the key's event time to the first animation frame where all of these hold, each
 * element on screen (in the page and shown: checkVisibility, so an element kept hidden does not count):
 *   - the heading names the next attention ('Atención <número>'),
 *   - its line items table shows its rows (no spinner in it),
 *   - its document panel shows the first page of that attention's PDF: the image of it drawn ahead
 *     (loaded), or the browser's PDF viewer (its frame loaded and shown).
 * Prints min / median / mean / p95 / max and writes nothing: the numbers go to docs/performance.md
 * by hand. Not part of CI (it takes minutes).
 *
 *   npx tsx bench/revision-loop.ts http://localhost:3301 [--n=200] [--pausa=1000] [--headed] [--perfil=out.cpuprofile]
 *
 * --perfil: the browser's CPU profile of the whole loop (Chrome DevTools' format, open it in the
 * Performance panel), to see where the milliseconds of a move go.
 */
import fs from 'node:fs';
import { chromium } from 'playwright-core';
import { COLUMNS, pdf } from './muestras.ts';

const args = process.argv.slice(2).filter((a) => a !== '--');
const BASE = args.find((a) => !a.startsWith('--')) ?? 'http://localhost:3199';
const N = Number(args.find((a) => a.startsWith('--n='))?.slice(4) ?? 200);
const PASSWORD = 'Demo.2026';
/** How long the auditor reads each attention before the next key press (ms). */
const PAUSA = Number(args.find((a) => a.startsWith('--pausa='))?.slice(8) ?? 1000);
const PERFIL = args.find((a) => a.startsWith('--perfil='))?.slice(9);

async function call<T>(method: string, path: string, token: string | null, body?: unknown): Promise<T> {
  const headers: Record<string, string> = {};
  if (token) headers.authorization = `Bearer ${token}`;
  let payload: BodyInit | undefined;
  if (body instanceof FormData) payload = body;
  else if (body !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body);
  }
  const res = await fetch(`${BASE}/api/v1${path}`, { method, headers, body: payload });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path} → ${res.status} ${text}`);
  return (text ? JSON.parse(text) : null) as T;
}

const token = async (usuario: string) =>
  (await call<{ token: string }>('POST', '/auth/login', null, { usuario, clave: PASSWORD })).token;

/** A procedure EN PROCESO whose `n` attentions (numbers 5001…) each have a PDF and are assigned to auditor.am. */
async function preparar(n: number) {
  const prov = await token('prestador@demo.ec');
  const [prestador] = await call<Array<{ idPrestador: number }>>('GET', '/prestadores/mios', prov);
  const servicios = await call<{ items: Array<{ idServicio: number }> }>(
    'GET',
    '/catalogos/servicio?pageSize=1',
    prov,
  );
  const elemento = (
    await call<{ items: Array<{ codigo: string; valor: number }> }>(
      'GET',
      '/catalogos/elemento?pageSize=1',
      prov,
    )
  ).items[0];
  const creado = await call<{ item: { idTramite: number } }>('POST', '/tramites', prov, {
    idPrestador: prestador.idPrestador,
    idServicio: servicios.items[0].idServicio,
    fechaDesde: '2026-03-02',
    fechaHasta: '2026-03-29',
    descripcion: 'BANCO DE REVISIONES',
    frecuenciaCarga: 'M',
  });
  const idTramite = creado.item.idTramite;
  const filas = Array.from({ length: n }, (_, i) => {
    const dia = `2026-03-${String(2 + (i % 5)).padStart(2, '0')}`;
    // Two line items per attention.
    return [0, 1].map((k) =>
      [
        idTramite,
        5001 + i,
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
        String(1 + k),
        String(elemento.valor),
        '0',
        '',
        'DR. JUAN PÉREZ',
        'P',
        dia,
      ].join(';'),
    );
  }).flat();
  const csv = `${COLUMNS.join(';')}\n${filas.join('\n')}\n`;
  const fd = new FormData();
  fd.append('archivo', new Blob([csv], { type: 'text/csv' }), 'marzo.csv');
  const carga = await call<{ idCarga: number; contadorErrores: number }>(
    'POST',
    `/tramites/${idTramite}/cargas?esperar=true`,
    prov,
    fd,
  );
  if (carga.contadorErrores) throw new Error(`la carga tiene ${carga.contadorErrores} errores`);
  await call('POST', `/cargas/${carga.idCarga}/organizar?esperar=true`, prov);
  const docs = new FormData();
  for (let i = 0; i < n; i++)
    docs.append(
      'archivos',
      new Blob([new Uint8Array(pdf(`Atencion ${5001 + i}`))], { type: 'application/pdf' }),
      `${5001 + i}.pdf`,
    );
  await call('POST', `/cargas/${carga.idCarga}/archivos`, prov, docs);
  await call('POST', `/tramites/${idTramite}/acciones/enviar`, prov, { estadoActual: 'DOCUMENTADO' });
  const sup = await token('supervisor.am@demo.ec');
  await call('POST', `/tramites/${idTramite}/acciones/recibir`, sup, { estadoActual: 'ENVIADO' });
  const staff = await call<{ usuarios: Array<{ idUsuario: number; nombre: string }> }>(
    'GET',
    `/tramites/${idTramite}/asignaciones?tipo=M`,
    sup,
  );
  const auditor = staff.usuarios.find((u) => u.nombre === 'auditor.am@demo.ec');
  if (!auditor) throw new Error('auditor.am@demo.ec no es asignable');
  await call('POST', `/tramites/${idTramite}/asignaciones`, sup, {
    tipo: 'M',
    idUsuario: auditor.idUsuario,
    idCarga: carga.idCarga,
  });
  const lista = await call<{ items: Array<{ idPlanilla: number; numero: string }> }>(
    'GET',
    `/planillas?idTramite=${idTramite}&pageSize=10`,
    sup,
  );
  return { idTramite, primera: lista.items[0] };
}

const pct = (xs: number[], p: number) => {
  const s = [...xs].sort((a, b) => a - b);
  return s[Math.min(s.length - 1, Math.ceil((p / 100) * s.length) - 1)];
};

async function main() {
  const t0 = Date.now();
  const { idTramite, primera } = await preparar(N + 1);
  console.log(
    `Trámite ${idTramite}: ${N + 1} atenciones con PDF, preparado en ${Math.round((Date.now() - t0) / 1000)} s`,
  );
  if (args.includes('--solo-preparar')) return console.log(`primera: ${primera.idPlanilla}`);

  const browser = await chromium.launch({
    executablePath: '/usr/bin/chromium',
    headless: !args.includes('--headed'),
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
  });
  const page = await browser.newPage({
    baseURL: BASE,
    viewport: { width: 1366, height: 768 },
    locale: 'es-EC',
    timezoneId: 'America/Guayaquil',
  });
  await page.goto('/Login');
  await page.getByLabel('Usuario').fill('auditor.am@demo.ec');
  await page.getByLabel('Contraseña').fill(PASSWORD);
  await page.getByRole('button', { name: 'Ingresar' }).click();
  await page.waitForURL(/\/MenuPrincipal$/);
  await page.goto(`/planillaform/${idTramite}/EN%20PROCESO/${primera.idPlanilla}`);

  // In the page: the key's time, and every frame (iframe) that finished loading.
  await page.evaluate(() => {
    const w = window as unknown as { __t0: number; __cargados: WeakSet<Element> };
    w.__cargados = new WeakSet();
    document.addEventListener(
      'load',
      (e) => {
        if (e.target instanceof HTMLIFrameElement || e.target instanceof HTMLImageElement)
          w.__cargados.add(e.target);
      },
      true,
    );
    window.addEventListener(
      'keydown',
      (e) => {
        if (e.altKey && e.code === 'KeyR') w.__t0 = e.timeStamp;
      },
      true,
    );
  });
  /** The attention `numero` fully shown: heading, line items, its document loaded. */
  const listo = (numero: string) =>
    page.waitForFunction(
      (num) => {
        const w = window as unknown as {
          __t0: number;
          __cargados: WeakSet<Element>;
          __marcas: Record<string, number>;
        };
        if (!w.__marcas || w.__marcas.t0 !== w.__t0) w.__marcas = { t0: w.__t0 };
        // (No inner functions: the bundler would name them with a helper the page does not have.)
        const ahora = performance.now() - w.__t0;
        const ver = { visibilityProperty: true, opacityProperty: true };
        const h = [...document.querySelectorAll('h1, h2, h3, h4')].some(
          (x) => x.textContent?.trim() === `Atención ${num}` && x.checkVisibility(ver),
        );
        if (!h) return false;
        w.__marcas.titulo ??= ahora;
        const tabla = [...document.querySelectorAll('table[aria-label="Detalle de la atención"]')].find((t) =>
          t.checkVisibility(ver),
        );
        const wrap = tabla?.closest('.ant-table-wrapper');
        if (
          !tabla ||
          wrap?.querySelector('.ant-spin-spinning') ||
          !tabla.querySelector('tbody tr.ant-table-row')
        )
          return false;
        w.__marcas.detalles ??= ahora;
        // The first page: its image drawn ahead (loaded), or the PDF viewer's frame (loaded, not hidden).
        const img = [
          ...document.querySelectorAll<HTMLImageElement>(
            `#pf-documentos img[alt="Primera página de ${num}.pdf"]`,
          ),
        ].find((x) => x.checkVisibility(ver));
        const doc = [
          ...document.querySelectorAll<HTMLIFrameElement>(
            `#pf-documentos iframe[title="Vista previa de ${num}.pdf"]`,
          ),
        ].find((x) => x.checkVisibility(ver));
        if (!img && !doc) return false;
        w.__marcas.visor ??= ahora;
        const imagen = !!img && img.complete && img.naturalWidth > 0;
        const marco = !!doc && w.__cargados.has(doc) && doc.style.visibility !== 'hidden';
        if (!imagen && !marco) return false;
        w.__marcas.documento ??= ahora;
        return w.__marcas;
      },
      numero,
      { polling: 'raf', timeout: 60_000 },
    );
  await page.waitForFunction(
    (num) =>
      [...document.querySelectorAll('h1, h2, h3, h4')].some(
        (x) => x.textContent?.trim() === `Atención ${num}`,
      ),
    primera.numero,
  );
  await page.getByRole('button', { name: /Registrar revisión AM/ }).waitFor();
  // Let the first page settle (and its prefetch, if any) as an auditor reading it would.
  await page.waitForTimeout(1500);

  const cdp = PERFIL ? await page.context().newCDPSession(page) : null;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  const tiempos: number[] = [];
  const partes: Record<string, number[]> = { titulo: [], detalles: [], visor: [] };
  for (let i = 1; i <= N; i++) {
    const siguiente = String(Number(primera.numero) + i);
    await page.keyboard.press('Alt+KeyR');
    const m = (await (await listo(siguiente)).jsonValue()) as Record<string, number>;
    const ms = m.documento;
    for (const k of Object.keys(partes)) partes[k].push(m[k]);
    tiempos.push(ms);
    if (i % 20 === 0) console.log(`${i}/${N}: última ${ms.toFixed(0)} ms`);
    // The auditor glances at the record before the next key press.
    await page.waitForTimeout(PAUSA);
  }
  if (cdp && PERFIL) {
    const { profile } = await cdp.send('Profiler.stop');
    fs.writeFileSync(PERFIL, JSON.stringify(profile));
    console.log(`perfil: ${PERFIL}`);
  }
  await browser.close();
  const media = tiempos.reduce((a, b) => a + b, 0) / tiempos.length;
  console.log(
    `\n${N} revisiones (Alt+R → siguiente atención, sus detalles y su documento visibles):\n` +
      `  mín ${pct(tiempos, 0.0001).toFixed(0)} ms · mediana ${pct(tiempos, 50).toFixed(0)} ms · ` +
      `media ${media.toFixed(0)} ms · p95 ${pct(tiempos, 95).toFixed(0)} ms · máx ${Math.max(...tiempos).toFixed(0)} ms`,
  );
  // Where the time goes: first frame with the heading, with the line items, with the viewer frame.
  for (const [k, xs] of Object.entries(partes))
    console.log(`  ${k}: mediana ${pct(xs, 50).toFixed(0)} ms · p95 ${pct(xs, 95).toFixed(0)} ms`);
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

/// <reference lib="dom" />
/// <reference lib="dom.iterable" />
/**
 * The auditor's loop (issue 14 §1): 'Registrar revisión' with Alt+R, over and over, in a real browser.
 * Against a running demo server (scratch/serve.sh, `npm start`): builds through the API a procedure EN
 * PROCESO with N+1 attentions, each with a one-page PDF, assigned (AM) to auditor.am@demo.ec; signs in
 * as that auditor at 1366×768, opens the first one and presses Alt+R N times. Each review is timed
 * in the page, from the key's event time to the end of the rendering (style, layout, paint) of the
 * first animation frame where all of these hold, each element on screen (in the page and shown:
 * checkVisibility, so an element kept hidden does not count); the page checks at every frame from the
 * key's own event (COMPROBAR), so no round trip to this process is in the measure:
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
 * --desglose: where each move's time goes, from the browser's own timing (Event Timing and Long
 * Animation Frames, frames of 50 ms and more): the wait before the key's handler runs, the handler
 * (the synchronous render of the next record), other scripts before the frame, and the frame's
 * rendering (style, layout and paint); medians and p95 over the moves.
 * --traza=trace.json: a Chrome trace (DevTools' Performance panel) of the whole loop, with a mark
 * 'listo <número>' in the page when each move is measured; keep --n small (it grows fast).
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
const DESGLOSE = args.includes('--desglose');
const TRAZA = args.find((a) => a.startsWith('--traza='))?.slice(8);

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

/**
 * Evaluated in the page (a string: the bundler would wrap inner functions in a helper the page does
 * not have). `__comprobar(num)`: whether the attention `num` is shown, each element on screen (in the
 * page and shown: checkVisibility, so an element kept hidden does not count) — the heading names it
 * ('Atención <número>'), its line items table shows rows with no spinner over it, and its document
 * panel shows the first page of its PDF (the image drawn ahead, loaded; or the browser's PDF viewer,
 * its frame loaded and shown); it notes in `__marcas` the first frame (ms after the key) at which
 * each part was there. At Alt+R (the key's event, before the page's own handler) a loop runs that
 * check at every animation frame; once it holds, the time after that frame's rendering (a message
 * posted from the frame runs after its style, layout and paint) is `pintado`, the measure.
 */
const COMPROBAR = `(() => {
  var w = window;
  w.__cargados = new WeakSet();
  document.addEventListener('load', function (e) {
    if (e.target instanceof HTMLIFrameElement || e.target instanceof HTMLImageElement) w.__cargados.add(e.target);
  }, true);
  var ver = { visibilityProperty: true, opacityProperty: true };
  var visible = function (sel) {
    return Array.prototype.find.call(document.querySelectorAll(sel), function (x) { return x.checkVisibility(ver); });
  };
  w.__comprobar = function (num) {
    var m = w.__marcas;
    var ahora = performance.now() - w.__t0;
    var h = Array.prototype.some.call(document.querySelectorAll('h1, h2, h3, h4'), function (x) {
      return (x.textContent || '').trim() === 'Atención ' + num && x.checkVisibility(ver);
    });
    if (!h) return false;
    if (m.titulo === undefined) m.titulo = ahora;
    var tabla = visible('table[aria-label="Detalle de la atención"]');
    if (!tabla) return false;
    var caja = tabla.closest('.ant-table-wrapper') || tabla.parentElement;
    var filas = Array.prototype.filter.call(tabla.querySelectorAll('tbody tr'), function (r) {
      return !r.matches('.ant-table-placeholder, .ant-table-measure-row, [aria-hidden="true"]');
    });
    if (caja.querySelector('.ant-spin-spinning') || filas.length === 0) return false;
    if (m.detalles === undefined) m.detalles = ahora;
    var img = visible('#pf-documentos img[alt="Primera página de ' + num + '.pdf"]');
    var doc = visible('#pf-documentos iframe[title="Vista previa de ' + num + '.pdf"]');
    if (!img && !doc) return false;
    if (m.visor === undefined) m.visor = ahora;
    var imagen = !!img && img.complete && img.naturalWidth > 0;
    var marco = !!doc && w.__cargados.has(doc) && doc.style.visibility !== 'hidden';
    if (!imagen && !marco) return false;
    if (m.documento === undefined) m.documento = ahora;
    return true;
  };
  window.addEventListener('keydown', function (e) {
    if (!(e.altKey && e.code === 'KeyR')) return;
    var t0 = e.timeStamp;
    var num = w.__esperado;
    w.__t0 = t0;
    w.__marcas = { t0: t0 };
    var paso = function () {
      if (w.__t0 !== t0) return;
      if (!w.__comprobar(num)) return requestAnimationFrame(paso);
      var canal = new MessageChannel();
      canal.port1.onmessage = function () {
        w.__marcas.pintado = performance.now() - t0;
        performance.mark('listo ' + num);
      };
      canal.port2.postMessage(0);
    };
    requestAnimationFrame(paso);
  }, true);
})()`;

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

  // In the page: every frame (iframe) or image that finished loading, the check of a move (COMPROBAR)
  // and, from the key's own event, a check at every animation frame until the next attention is shown.
  await page.evaluate(COMPROBAR);
  if (DESGLOSE)
    await page.evaluate(() => {
      const w = window as unknown as { __entradas: PerformanceEntry[] };
      w.__entradas = [];
      new PerformanceObserver((l) => w.__entradas.push(...l.getEntries())).observe({
        type: 'long-animation-frame',
      });
      new PerformanceObserver((l) => w.__entradas.push(...l.getEntries())).observe({
        type: 'event',
        durationThreshold: 16,
      } as PerformanceObserverInit);
    });
  /**
   * The attention `numero` fully shown (heading, line items, its document loaded) and painted: the
   * page's own frame loop sets `pintado`; this also polls from here as the bench did before 25/11
   * (`sondeo`: the first frame at which this poll, started once the key's press is acknowledged,
   * finds it shown).
   */
  const listo = (numero: string) =>
    page.waitForFunction(
      (num) => {
        const w = window as unknown as {
          __t0: number;
          __marcas: Record<string, number>;
          __comprobar: (num: string) => boolean;
        };
        const m = w.__marcas;
        if (!m || m.t0 !== w.__t0) return false;
        if (m.sondeo === undefined && w.__comprobar(num)) m.sondeo = performance.now() - w.__t0;
        return m.pintado !== undefined && m.sondeo !== undefined ? m : false;
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

  if (TRAZA) await browser.startTracing(page, { path: TRAZA, screenshots: false });
  const cdp = PERFIL ? await page.context().newCDPSession(page) : null;
  if (cdp) {
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
  }
  const tiempos: number[] = [];
  const desgloses: Record<string, number>[] = [];
  const partes: Record<string, number[]> = { titulo: [], detalles: [], visor: [], documento: [], sondeo: [] };
  for (let i = 1; i <= N; i++) {
    const siguiente = String(Number(primera.numero) + i);
    await page.evaluate((n) => {
      (window as unknown as { __esperado: string }).__esperado = n;
    }, siguiente);
    await page.keyboard.press('Alt+KeyR');
    const m = (await (await listo(siguiente)).jsonValue()) as Record<string, number>;
    const ms = m.pintado;
    for (const k of Object.keys(partes)) partes[k].push(m[k]);
    tiempos.push(ms);
    if (DESGLOSE) desgloses.push(await desglose(page, ms));
    if (i % 20 === 0) console.log(`${i}/${N}: última ${ms.toFixed(0)} ms`);
    // The auditor glances at the record before the next key press.
    await page.waitForTimeout(PAUSA);
  }
  if (cdp && PERFIL) {
    const { profile } = await cdp.send('Profiler.stop');
    fs.writeFileSync(PERFIL, JSON.stringify(profile));
    console.log(`perfil: ${PERFIL}`);
  }
  if (TRAZA) {
    await browser.stopTracing();
    console.log(`traza: ${TRAZA}`);
  }
  await browser.close();
  const media = tiempos.reduce((a, b) => a + b, 0) / tiempos.length;
  console.log(
    `\n${N} revisiones (Alt+R → siguiente atención, sus detalles y su documento visibles):\n` +
      `  mín ${pct(tiempos, 0.0001).toFixed(0)} ms · mediana ${pct(tiempos, 50).toFixed(0)} ms · ` +
      `media ${media.toFixed(0)} ms · p95 ${pct(tiempos, 95).toFixed(0)} ms · máx ${Math.max(...tiempos).toFixed(0)} ms`,
  );
  // Where the time goes: first frame with the heading, with the line items, with the viewer, with the
  // document loaded; `sondeo`: the same check polled from the bench after the key press's
  // acknowledgement, the measure of the runs before 25/11 (it adds the protocol's round trips).
  for (const [k, xs] of Object.entries(partes))
    console.log(`  ${k}: mediana ${pct(xs, 50).toFixed(0)} ms · p95 ${pct(xs, 95).toFixed(0)} ms`);
  if (DESGLOSE) imprimirDesglose(desgloses);
}

/**
 * One move's time split by the browser's timing entries since the key press (`--desglose`): `espera`
 * (event time → handler start), `manejador` (the keydown handlers), `scripts` (other tasks' scripts in
 * long frames before the mark, by what invoked them), `estilo` (style and layout forced by scripts),
 * `render` (the frames' rendering: rAF callbacks, style, layout, paint) and what is left (`otro`: short
 * frames, the image's load, idle).
 */
async function desglose(page: import('playwright-core').Page, total: number) {
  return page.evaluate((total) => {
    const w = window as unknown as { __t0: number; __entradas: PerformanceEntry[] };
    const t0 = w.__t0;
    const fin = t0 + total;
    const out: Record<string, number> = { total, espera: 0, manejador: 0, estilo: 0, render: 0 };
    const entradas = w.__entradas;
    w.__entradas = [];
    for (const e of entradas) {
      if (e.entryType === 'event') {
        const ev = e as PerformanceEventTiming;
        if (ev.name === 'keydown' && Math.abs(ev.startTime - t0) < 1) {
          out.espera = ev.processingStart - ev.startTime;
          out.manejador = ev.processingEnd - ev.processingStart;
        }
        continue;
      }
      const f = e as PerformanceEntry & {
        renderStart: number;
        scripts: Array<{
          invoker: string;
          invokerType: string;
          startTime: number;
          duration: number;
          forcedStyleAndLayoutDuration: number;
        }>;
      };
      if (f.startTime + f.duration < t0 || f.startTime > fin) continue;
      for (const sc of f.scripts) {
        if (sc.startTime < t0 || sc.startTime > fin) continue;
        out.estilo += sc.forcedStyleAndLayoutDuration;
        // The key's own handler is counted by the event entry.
        if (sc.invokerType === 'event-listener' && sc.invoker.includes('keydown')) continue;
        const k = `script ${sc.invokerType}: ${sc.invoker}`.slice(0, 80);
        out[k] = (out[k] ?? 0) + sc.duration - sc.forcedStyleAndLayoutDuration;
      }
      if (f.renderStart && f.renderStart < fin)
        out.render += Math.min(fin, f.startTime + f.duration) - f.renderStart;
    }
    const contado = Object.entries(out)
      .filter(([k]) => k !== 'total')
      .reduce((a, [, v]) => a + v, 0);
    out.otro = Math.max(0, total - contado);
    return out;
  }, total);
}

function imprimirDesglose(ds: Record<string, number>[]) {
  const claves = [...new Set(ds.flatMap((d) => Object.keys(d)))];
  const filas = claves
    .map((k) => {
      const xs = ds.map((d) => d[k] ?? 0);
      return { k, med: pct(xs, 50), p95: pct(xs, 95), media: xs.reduce((a, b) => a + b, 0) / xs.length };
    })
    .filter((r) => r.media >= 0.5)
    .sort((a, b) => b.media - a.media);
  console.log('\n  desglose por revisión (media · mediana · p95, ms):');
  for (const r of filas)
    console.log(
      `    ${r.media.toFixed(1).padStart(6)} · ${r.med.toFixed(0).padStart(4)} · ${r.p95.toFixed(0).padStart(4)}  ${r.k}`,
    );
}

main().catch((e) => {
  console.error(e);
  process.exit(1);
});

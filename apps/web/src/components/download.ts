import { MSG_REPORTE, type ReporteEnCurso } from '@app/domain/reportes/pdf';
import { api } from '../lib/api.ts';

/** The file name a server suggests in Content-Disposition (RFC 6266, `filename*` preferred). */
export function fileNameFromDisposition(header: string | null | undefined): string | undefined {
  if (!header) return undefined;
  const star = /filename\*\s*=\s*(?:UTF-8|utf-8)''([^;]+)/.exec(header);
  if (star) {
    try {
      return sanitizeFileName(decodeURIComponent(star[1].trim().replace(/^"|"$/g, '')));
    } catch {
      /* malformed: try the plain form */
    }
  }
  const plain = /filename\s*=\s*("([^"]*)"|[^;]+)/.exec(header);
  const name = plain ? (plain[2] ?? plain[1]).trim() : '';
  return name ? sanitizeFileName(name) : undefined;
}

/** A name the browser can save: no folders, no control characters. */
export function sanitizeFileName(name: string): string {
  const base = name.split(/[\\/]/).pop() ?? '';
  // biome-ignore lint/suspicious/noControlCharactersInRegex: stripping control characters is the point
  return base.replace(/[\u0000-\u001f<>:"|?*]/g, '_').trim() || 'archivo';
}

/** Saves a blob as a file (an invisible link with `download`). */
export function saveBlob(blob: Blob, name: string) {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.append(a);
  a.click();
  a.remove();
  setTimeout(() => URL.revokeObjectURL(url), 60_000);
}

/** Fetches a file with the session token and saves it under the server's name (or `fallbackName`). */
export async function downloadFile(path: string, fallbackName: string, query?: Record<string, unknown>) {
  const res = await api<Response>(path, { raw: true, query });
  const blob = await res.blob();
  saveBlob(blob, fileNameFromDisposition(res.headers.get('content-disposition')) ?? fallbackName);
}

/**
 * What a 202 answer says of a document a background job is building (the PDF reports: decision 78;
 * the ZIPs: decision 80).
 */
export type EnCurso = ReporteEnCurso;

/** A button's text while a document is built: 'Procesando... 40 %'. */
export const textoEnCurso = (avance: EnCurso | null | undefined) =>
  `${MSG_REPORTE.procesando}${avance?.progreso ? ` ${avance.progreso} %` : ''}`;

/**
 * Fetches a document a server may build in the background: a 202 answer carries its progress and
 * `Retry-After`, and the same request (GET, or a POST with its body) is made again until the
 * document comes (200); any other answer is returned or thrown as `api` does.
 */
export async function cuandoEste(
  path: string,
  opts: {
    query?: Record<string, unknown>;
    method?: 'GET' | 'POST';
    body?: unknown;
    alAvance?: (avance: EnCurso) => void;
  } = {},
): Promise<Response> {
  for (;;) {
    const res = await api<Response>(path, {
      raw: true,
      query: opts.query,
      method: opts.method,
      body: opts.body,
    });
    if (res.status !== 202) return res;
    const avance = (await res.json().catch(() => null)) as EnCurso | null;
    if (avance) opts.alAvance?.(avance);
    const segundos = Number(res.headers.get('retry-after'));
    await new Promise((r) => setTimeout(r, Math.min(5, segundos > 0 ? segundos : 1) * 1000));
  }
}

/** A PDF a worker may draw (decision 78): `cuandoEste` with a query. */
export const pdfCuandoEste = (
  path: string,
  query?: Record<string, unknown>,
  alAvance?: (avance: EnCurso) => void,
): Promise<Response> => cuandoEste(path, { query, alAvance });

/**
 * Opens a PDF fetched with the session token in a new tab. The tab is opened before the request,
 * while the click still counts as a user gesture, so popup blockers let it through.
 */
export async function openPdf(
  path: string,
  query?: Record<string, unknown>,
  opts: { alAvance?: (avance: EnCurso) => void } = {},
) {
  const tab = window.open('', '_blank');
  try {
    const res = await pdfCuandoEste(path, query, opts.alAvance);
    const blob = await res.blob();
    const url = URL.createObjectURL(blob.type ? blob : new Blob([blob], { type: 'application/pdf' }));
    if (tab) tab.location.href = url;
    else window.open(url, '_blank');
    setTimeout(() => URL.revokeObjectURL(url), 10 * 60_000);
  } catch (e) {
    tab?.close();
    throw e;
  }
}

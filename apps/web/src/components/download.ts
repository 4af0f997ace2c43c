import { api } from '../app/api.ts';

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
 * Opens a PDF fetched with the session token in a new tab. The tab is opened before the request,
 * while the click still counts as a user gesture, so popup blockers let it through.
 */
export async function openPdf(path: string, query?: Record<string, unknown>) {
  const tab = window.open('', '_blank');
  try {
    const res = await api<Response>(path, { raw: true, query });
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

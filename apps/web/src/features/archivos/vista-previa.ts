/**
 * Documents fetched ahead of time for the preview (issue 14 §1, the auditor's loop): while the auditor
 * reads one attention, the record page fetches the first document of the next pending one; its bytes
 * wait here as an object URL, so the preview of that attention shows at once instead of asking for a
 * link and then the file. A PDF's first page is drawn as an image too (primera-pagina.ts): it shows
 * at once while the browser's PDF viewer starts. A few of them at most (the oldest are released), and
 * only small files.
 */

/** Files above this size are previewed from their link as usual (they are not worth the memory). */
export const MAX_BYTES_PRECARGA = 8 * 1024 * 1024;
const MAX_ENTRADAS = 6;

/** `imagen`: the first page loaded and decoded ahead, kept referenced (see precargarVista). */
type Local = { archivo: string; pagina: string | null; imagen?: HTMLImageElement };
const locales = new Map<number, Local>();
const enCurso = new Map<number, Promise<void>>();

/** The object URL of a document already fetched, if any. */
export function vistaLocal(idArchivoPla: number): string | undefined {
  return locales.get(idArchivoPla)?.archivo;
}

/** The image of the first page of a PDF already fetched, if it could be drawn. */
export function paginaLocal(idArchivoPla: number): string | undefined {
  return locales.get(idArchivoPla)?.pagina ?? undefined;
}

/** Fetches the document behind a short-lived link into memory (once; failures are left to the preview). */
export function precargarVista(idArchivoPla: number, url: string, tamano: number): Promise<void> {
  if (locales.has(idArchivoPla) || tamano > MAX_BYTES_PRECARGA) return Promise.resolve();
  const ya = enCurso.get(idArchivoPla);
  if (ya) return ya;
  const p = (async () => {
    try {
      const res = await fetch(url);
      if (!res.ok) return;
      const blob = await res.blob();
      let pagina: string | null = null;
      if (blob.type === 'application/pdf') {
        const { primeraPagina } = await import('./primera-pagina.ts');
        const png = await primeraPagina(blob);
        if (png) pagina = URL.createObjectURL(png);
      }
      // The page's image loaded and decoded now, and kept: once done, the record's <img> with the same
      // URL is complete as it is inserted (the document's available images), not a frame or more later.
      const imagen = pagina ? new Image() : undefined;
      if (imagen && pagina) {
        imagen.src = pagina;
        void imagen.decode().catch(() => undefined);
      }
      locales.set(idArchivoPla, { archivo: URL.createObjectURL(blob), pagina, imagen });
      while (locales.size > MAX_ENTRADAS) {
        const [viejo, u] = locales.entries().next().value as [number, Local];
        locales.delete(viejo);
        URL.revokeObjectURL(u.archivo);
        if (u.pagina) URL.revokeObjectURL(u.pagina);
      }
    } catch {
      // The preview asks for its own link.
    } finally {
      enCurso.delete(idArchivoPla);
    }
  })();
  enCurso.set(idArchivoPla, p);
  return p;
}

import { GlobalWorkerOptions, getDocument } from 'pdfjs-dist';
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url';

/*
 * The first page of a PDF as an image (issue 14 §1): drawn by pdf.js (its worker) while the auditor
 * reads the previous attention, so the next one's document shows at the key press, before the
 * browser's PDF viewer has started. Loaded on demand (its own chunk).
 */
GlobalWorkerOptions.workerSrc = workerUrl;

/** Width of the image in CSS pixels × 2 (sharp on the side panel, ~500 px wide, and on HiDPI screens). */
const ANCHO = 1000;

/** PNG of page 1, or null when pdf.js cannot read the file (the viewer alone will show it). */
export async function primeraPagina(pdf: Blob): Promise<Blob | null> {
  const tarea = getDocument({ data: new Uint8Array(await pdf.arrayBuffer()), isEvalSupported: false });
  try {
    const doc = await tarea.promise;
    const pagina = await doc.getPage(1);
    const base = pagina.getViewport({ scale: 1 });
    const viewport = pagina.getViewport({ scale: ANCHO / base.width });
    const canvas = document.createElement('canvas');
    canvas.width = Math.round(viewport.width);
    canvas.height = Math.round(viewport.height);
    await pagina.render({ canvas, viewport }).promise;
    return await new Promise<Blob | null>((ok) => canvas.toBlob(ok, 'image/png'));
  } catch {
    return null;
  } finally {
    void tarea.destroy();
  }
}

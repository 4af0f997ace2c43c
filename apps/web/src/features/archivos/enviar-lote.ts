import { MSG } from '@app/domain/messages';
import { ApiError, type ApiErrorBody, nuevaClave } from '../../lib/api.ts';
import { clearSession, readSession } from '../../lib/session.ts';
import type { RespuestaSubida } from './archivos-api.ts';
import { rutaRelativa } from './archivos-rules.ts';
import type { Enviar } from './subida.ts';

/**
 * One Idempotency-Key per batch, the same on every retry of it (decision 49): a batch whose answer was lost
 * (a replica killed after storing it, a dropped connection) is answered from what was stored, never stored twice.
 */
const claves = new WeakMap<readonly File[], string>();
function claveDe(lote: readonly File[]): string {
  let k = claves.get(lote);
  if (!k) {
    k = nuevaClave();
    claves.set(lote, k);
  }
  return k;
}

/**
 * Sends one batch as multipart `archivos` (named by their path inside the chosen folder) with
 * XMLHttpRequest, the one browser API that reports upload progress.
 */
export function enviarLote(idCarga: number): Enviar<File> {
  return (lote, onProgress, signal) =>
    new Promise<RespuestaSubida>((resolve, reject) => {
      const xhr = new XMLHttpRequest();
      const bytes = lote.reduce((a, f) => a + f.size, 0);
      xhr.open('POST', `/api/v1/cargas/${idCarga}/archivos`);
      const token = readSession()?.token;
      if (token) xhr.setRequestHeader('authorization', `Bearer ${token}`);
      xhr.setRequestHeader('idempotency-key', claveDe(lote));
      xhr.upload.onprogress = (e) => {
        // e.total counts the multipart framing too: report the files' share of it.
        if (e.lengthComputable && e.total > 0) onProgress(Math.round((e.loaded / e.total) * bytes));
      };
      xhr.onload = () => {
        let body: unknown;
        try {
          body = JSON.parse(xhr.responseText);
        } catch {
          body = undefined;
        }
        if (xhr.status >= 200 && xhr.status < 300) return resolve(body as RespuestaSubida);
        if (xhr.status === 401 && token) {
          clearSession();
          window.location.assign('/Login');
        }
        const err = (body as ApiErrorBody | undefined)?.error;
        reject(
          new ApiError(
            xhr.status,
            err?.code ?? 'ERROR',
            err?.message ??
              (xhr.status === 403
                ? MSG.noAutorizado403
                : xhr.status === 404
                  ? MSG.noEncontrado404
                  : MSG.errorPeticion),
            err?.fields,
          ),
        );
      };
      xhr.onerror = () => reject(new ApiError(0, 'RED', MSG.errorRed));
      xhr.ontimeout = () => reject(new ApiError(0, 'RED', MSG.errorRed));
      xhr.onabort = () => reject(new DOMException('Carga cancelada', 'AbortError'));
      if (signal.aborted) return xhr.abort();
      signal.addEventListener('abort', () => xhr.abort(), { once: true });
      const fd = new FormData();
      for (const f of lote) fd.append('archivos', f, rutaRelativa(f));
      xhr.send(fd);
    });
}

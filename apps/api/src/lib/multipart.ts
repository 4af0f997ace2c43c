import type { FastifyRequest } from 'fastify';
import { AppError } from './errors.ts';

/**
 * Reads a small multipart form held in memory: the first file of the field `campo` (any other file is
 * drained and ignored) and the text fields named in `campos`, each handed to its reader when it is a
 * non-blank string (a reader may throw to refuse the form). A file over `maxBytes` answers 413
 * ARCHIVO_MUY_GRANDE with `mensajeMuyGrande`. `buffer` is null when no such file came.
 */
export async function leerArchivoMultipart(
  req: FastifyRequest,
  opts: {
    maxBytes: number;
    mensajeMuyGrande: string;
    campo?: string;
    campos?: Record<string, (valor: string) => void>;
  },
): Promise<{ buffer: Buffer | null; nombre: string }> {
  const campo = opts.campo ?? 'archivo';
  let buffer: Buffer | null = null;
  let nombre = '';
  try {
    for await (const part of req.parts({ limits: { fileSize: opts.maxBytes, files: 1, fields: 5 } })) {
      if (part.type === 'file') {
        if (part.fieldname !== campo || buffer) {
          await part.toBuffer();
          continue;
        }
        nombre = part.filename;
        buffer = await part.toBuffer();
      } else if (
        opts.campos &&
        Object.hasOwn(opts.campos, part.fieldname) &&
        typeof part.value === 'string' &&
        part.value.trim()
      ) {
        opts.campos[part.fieldname](part.value);
      }
    }
  } catch (e) {
    const err = e as { code?: string; statusCode?: number };
    if (err.code === 'FST_REQ_FILE_TOO_LARGE' || err.statusCode === 413)
      throw new AppError(413, 'ARCHIVO_MUY_GRANDE', opts.mensajeMuyGrande);
    throw e;
  }
  return { buffer, nombre };
}

import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { Transform, type TransformCallback } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import {
  BYTES_FIRMA,
  CAMPO_ARCHIVO_DATOS,
  CAMPO_ARCHIVOS_RESPALDO,
  fieldErrors,
  formatoDeArchivo,
  MAX_BYTES_RESPALDO,
  MAX_RESPALDOS,
  MSG,
  MSG_INTEGRACION,
  nombreVisible,
  type RegistroCampos,
  registroCamposSchema,
  tipoPorFirma,
} from '@app/domain';
import type { FastifyRequest } from 'fastify';
import { AppError, badRequest } from '../../lib/errors.ts';
import type { ArchivoRecibido } from './registro.ts';

const MAX_MB_RESPALDO = MAX_BYTES_RESPALDO / 1024 / 1024;

/** Hashes, measures and keeps the first bytes of a file while it streams to disk; stops past `max`. */
class Probe extends Transform {
  readonly hash = crypto.createHash('sha256');
  size = 0;
  head = Buffer.alloc(0);
  constructor(
    private readonly max: number,
    private readonly onTooBig: () => Error,
  ) {
    super();
  }
  override _transform(chunk: Buffer, _enc: BufferEncoding, cb: TransformCallback) {
    this.size += chunk.length;
    if (this.size > this.max) return cb(this.onTooBig());
    if (this.head.length < BYTES_FIRMA)
      this.head = Buffer.concat([this.head, chunk.subarray(0, BYTES_FIRMA - this.head.length)]);
    this.hash.update(chunk);
    cb(null, chunk);
  }
}

const tooBig = (message: string, fields?: Record<string, string>) =>
  new AppError(413, 'ARCHIVO_MUY_GRANDE', message, fields);

/** The files of a registration on disk while it is processed: the caller removes them (`borrarTemporales`). */
export type Temporales = {
  datos?: { tmp: string; size: number; nombre: string };
  respaldos: ArchivoRecibido[];
};

export function borrarTemporales(archivos: Temporales) {
  if (archivos.datos) fs.rmSync(archivos.datos.tmp, { force: true });
  for (const f of archivos.respaldos) fs.rmSync(f.tmp, { force: true });
}

/**
 * Reads the multipart body of registro-datos / registro-completo: the fields, the data file (JSON only) and the
 * backups (measured, hashed and typed by content while they stream to disk, into `archivos` as they arrive), and
 * checks them with the spec's messages. Throws a 4xx on bad input; the caller removes the files either way.
 */
export async function recibirRegistro(
  req: FastifyRequest,
  archivos: Temporales,
  { tmpDir, maxBytes, completo }: { tmpDir: string; maxBytes: number; completo: boolean },
): Promise<{
  campos: RegistroCampos;
  datos: NonNullable<Temporales['datos']>;
  respaldos: ArchivoRecibido[];
}> {
  if (!req.isMultipart()) {
    throw badRequest(MSG_INTEGRACION.sinArchivoDatos, {
      [CAMPO_ARCHIVO_DATOS]: MSG_INTEGRACION.sinArchivoDatos,
    });
  }
  const fields: Record<string, string> = {};
  let noJson = false;
  const respaldos = archivos.respaldos;
  let datos: Temporales['datos'];
  for await (const part of req.parts({
    limits: { fileSize: Math.max(maxBytes, MAX_BYTES_RESPALDO), fields: 30, fieldSize: 10_000 },
  })) {
    if (part.type !== 'file') {
      if (typeof part.value === 'string') fields[part.fieldname] = part.value;
      continue;
    }
    if (part.fieldname === CAMPO_ARCHIVO_DATOS && !datos && part.filename) {
      if (formatoDeArchivo(part.filename) !== 'json') {
        noJson = true;
        part.file.resume();
        continue;
      }
      datos = {
        tmp: path.join(tmpDir, `subida-${crypto.randomUUID()}`),
        size: 0,
        nombre: nombreVisible(part.filename),
      };
      archivos.datos = datos;
      const out = fs.createWriteStream(datos.tmp);
      await pipeline(part.file, out);
      if (part.file.truncated)
        throw tooBig(MSG.archivoMuyGrande, { [CAMPO_ARCHIVO_DATOS]: MSG.archivoMuyGrande });
      datos.size = out.bytesWritten;
    } else if (part.fieldname === CAMPO_ARCHIVOS_RESPALDO && completo && part.filename) {
      if (respaldos.length >= MAX_RESPALDOS) {
        part.file.resume();
        throw tooBig(MSG_INTEGRACION.demasiadosRespaldos(MAX_RESPALDOS));
      }
      const nombre = nombreVisible(part.filename);
      const tmp = path.join(tmpDir, `subida-${crypto.randomUUID()}`);
      const probe = new Probe(MAX_BYTES_RESPALDO, () =>
        tooBig(MSG_INTEGRACION.respaldoMuyGrande(nombre, MAX_MB_RESPALDO), {
          [CAMPO_ARCHIVOS_RESPALDO]: MSG_INTEGRACION.respaldoMuyGrande(nombre, MAX_MB_RESPALDO),
        }),
      );
      const recibido: ArchivoRecibido = { tmp, size: 0, nombre, sha256: '', tipo: null };
      respaldos.push(recibido);
      await pipeline(part.file, probe, fs.createWriteStream(tmp));
      recibido.size = probe.size;
      recibido.sha256 = probe.hash.digest('hex');
      recibido.tipo = probe.size > 0 ? tipoPorFirma(probe.head) : null;
    } else {
      part.file.resume();
    }
  }
  if (!datos) {
    if (noJson) {
      throw new AppError(415, 'TIPO_NO_PERMITIDO', MSG_INTEGRACION.solicitudIncorrecta, {
        [CAMPO_ARCHIVO_DATOS]: MSG_INTEGRACION.soloJson,
      });
    }
    throw badRequest(MSG_INTEGRACION.sinArchivoDatos, {
      [CAMPO_ARCHIVO_DATOS]: MSG_INTEGRACION.sinArchivoDatos,
    });
  }
  const campos = registroCamposSchema.safeParse(
    Object.fromEntries(Object.entries(fields).filter(([, v]) => v.trim() !== '')),
  );
  if (!campos.success) throw badRequest(MSG_INTEGRACION.solicitudIncorrecta, fieldErrors(campos.error));
  if (datos.size === 0) {
    throw badRequest(MSG_INTEGRACION.solicitudIncorrecta, {
      [CAMPO_ARCHIVO_DATOS]: MSG_INTEGRACION.archivoVacio,
    });
  }
  if (completo) {
    const validos = respaldos.filter((f) => f.size > 0);
    if (validos.length === 0) {
      throw badRequest(MSG_INTEGRACION.solicitudIncorrecta, {
        [CAMPO_ARCHIVOS_RESPALDO]: MSG_INTEGRACION.sinRespaldos,
      });
    }
    const malo = validos.find((f) => !f.tipo);
    if (malo) {
      throw new AppError(415, 'TIPO_NO_PERMITIDO', MSG_INTEGRACION.respaldoNoPermitido(malo.nombre), {
        [CAMPO_ARCHIVOS_RESPALDO]: MSG_INTEGRACION.respaldoNoPermitido(malo.nombre),
      });
    }
  }

  return { campos: campos.data, datos, respaldos };
}

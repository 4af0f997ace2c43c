import { createRequire } from 'node:module';
import type { Readable } from 'node:stream';
import zlib from 'node:zlib';
import { type AgrupacionZip, carpetaZip, type SessionUser } from '@app/domain';
import type { FastifyBaseLogger } from 'fastify';
import yazl from 'yazl';
import type { Queryable } from '../../db/client.ts';
import { archivoPla, planilla } from '../../db/schema/index.ts';
import { columnas, consulta, lista, type SQL, sql, todas } from '../../lib/sql.ts';
import type { Storage } from '../../lib/storage/index.ts';
import { visibilitySql } from '../planillas/queries.ts';
import type { TramiteRow } from '../tramites/access.ts';

/*
 * yazl computes each entry's CRC-32 with buffer-crc32, a byte-at-a-time JavaScript loop that took a
 * third of the server's CPU while zipping 5 GB (docs/performance.md, issue 6). The same checksum from
 * zlib (native, Node ≥ 20.15) is given to yazl's own copy of that module; yazl looks it up on every
 * chunk, so this is all it takes. zip.test.ts checks every CRC of an archive with an independent reader.
 */
const yazlCrc32 = createRequire(createRequire(import.meta.url).resolve('yazl'))('buffer-crc32') as {
  unsigned: (buf: Buffer, previous?: number) => number;
};
if (typeof zlib.crc32 === 'function')
  yazlCrc32.unsigned = (buf: Buffer, previous?: number) => zlib.crc32(buf, previous ?? 0);

type Fila = {
  ruta: string;
  nombre: string;
  tamano: number;
  fechaCrea: Date;
  numero: string;
  fechaDesde: string;
  especialidad: string | null;
};

/** A file of the archive (alias a) with its attention (p); the specialty only when it groups by it. */
const fila = (especialidad: string) =>
  lista([
    columnas(archivoPla, 'a', { solo: ['ruta', 'nombre'], extra: { tamano: 'a.tamano::float8' } }),
    columnas(archivoPla, 'a', { solo: ['fechaCrea'] }),
    columnas(planilla, 'p', { solo: ['numero', 'fechaDesde'], extra: { especialidad } }),
  ]);
const FILA = fila('NULL::text');
const FILA_ESPECIALIDAD =
  fila(`(SELECT e.nombre FROM medico m JOIN especialidad e ON e.id_especialidad = m.id_especialidad
           WHERE m.documento = p.cedula_medico ORDER BY m.id_medico LIMIT 1)`);

export type EntradaZip = { ruta: string; path: string; tamano: number; fechaCrea: Date };

/**
 * The files of a procedure (or one load) the user may see, in archive order: by attention date,
 * number and upload. Annulled attentions are left out.
 */
export async function filasZip(
  q: Queryable,
  user: SessionUser,
  t: TramiteRow,
  opts: { agrupar: AgrupacionZip; idCarga?: number },
): Promise<Fila[]> {
  const w: (SQL | undefined)[] = [sql`a.id_tramite = ${t.idTramite}`, sql.raw('p.estado = 1')];
  if (opts.idCarga) w.push(sql`a.id_carga = ${opts.idCarga}`);
  w.push(visibilitySql(user, t));
  return consulta<Fila>(
    q,
    sql`SELECT ${opts.agrupar === 'fecha-especialidad' ? FILA_ESPECIALIDAD : FILA}
       FROM archivo_pla a JOIN planilla p ON p.id_planilla = a.id_planilla
      WHERE ${todas(w)}
      ORDER BY p.fecha_desde, p.numero, a.id_archivo_pla`,
  );
}

/** A file name safe in every unzip program (the folders are ours). */
const nombreZip = (n: string) => carpetaZip(n, 'archivo');

/** The archive's paths: a folder per attention, under its date, under its specialty; never twice. */
export function entradasZip(filas: readonly Fila[], agrupar: AgrupacionZip): EntradaZip[] {
  const usados = new Set<string>();
  return filas.map((f) => {
    const carpetas = [carpetaZip(f.numero)];
    if (agrupar === 'fecha-especialidad') carpetas.unshift(carpetaZip(f.especialidad, 'SIN ESPECIALIDAD'));
    if (agrupar !== 'atencion') carpetas.unshift(f.fechaDesde);
    const dir = carpetas.join('/');
    const nombre = nombreZip(f.nombre);
    const dot = nombre.lastIndexOf('.');
    const [base, ext] = dot > 0 ? [nombre.slice(0, dot), nombre.slice(dot)] : [nombre, ''];
    let p = `${dir}/${nombre}`;
    for (let i = 2; usados.has(p.toLowerCase()); i++) p = `${dir}/${base} (${i})${ext}`;
    usados.add(p.toLowerCase());
    return { ruta: f.ruta, path: p, tamano: f.tamano, fechaCrea: new Date(f.fechaCrea) };
  });
}

/**
 * A stored (uncompressed) ZIP streamed as each file is read: the first bytes leave at once and only
 * one file is open at a time, so memory stays flat whatever the number of files. Sizes are known,
 * so the total length is too (the browser shows real progress).
 */
export function zipStream(
  storage: Storage,
  entradas: readonly EntradaZip[],
  log?: FastifyBaseLogger,
): { stream: Readable; size: number | null } {
  const zip = new yazl.ZipFile();
  for (const e of entradas) {
    zip.addReadStreamLazy(e.path, { compress: false, size: e.tamano, mtime: e.fechaCrea }, (cb) => {
      storage.read(e.ruta, { size: e.tamano }).then(
        (s) => cb(null, s),
        (err: Error) => cb(err, undefined as never),
      );
    });
  }
  let size: number | null = null;
  const onSize = (total: number) => {
    size = total >= 0 ? total : null;
  };
  // Called synchronously here: every size is known and nothing is compressed. The ZIP64 end records are
  // always written: yazl 3.3.1 predicts them as soon as the central directory reaches 64 KiB (about
  // 900 entries) but only writes them past 65,535 entries or 4 GiB, so its predicted length would
  // be 76 bytes too long in between and the browser would see a truncated download.
  zip.end({ forceZip64Format: true, comment: '' }, onSize as unknown as () => void);
  const stream = zip.outputStream as unknown as Readable;
  zip.on('error', (err: Error) => {
    log?.error({ err }, 'ZIP stream failed');
    stream.destroy(err);
  });
  return { stream, size };
}

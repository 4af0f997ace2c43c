import {
  COLUMNAS_CARGA_AMB_REQUERIDAS,
  COLUMNAS_DIAG,
  COLUMNAS_IMG,
  COLUMNAS_LAB,
  columnaCargaAmb,
  ERROR_CODE,
  ETIQUETAS_CARGA_AMB,
  errorDeFila,
  type FilaCargaAmb,
  getTramitesByIdCargaambByIdCargaAmbResponse,
  getTramitesByIdCargaambResponse,
  idParams,
  idSchema,
  MSG_ADMIN,
  PERFIL,
  pageQuery,
  postTramitesByIdCargaambResponse201,
  responses,
  uncheckedResponses,
  validarFilaCargaAmb,
} from '@app/domain';
import { parse } from 'csv-parse/sync';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { cargaAmb } from '../../db/schema/index.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { leerArchivoMultipart } from '../../lib/multipart.ts';
import { columnas, consulta, lista, paginada, sql, una } from '../../lib/sql.ts';
import { getTramiteForUser } from '../tramites/access.ts';

const CSV_MAX_BYTES = 10 * 1024 * 1024;
/** Rows reported back at most; the total count is always given. */
const MAX_ERRORES = 200;

const tramiteParams = idParams;
const detalleParams = z.object({
  id: idSchema,
  idCargaAmb: idSchema,
});

const LIST_SELECT = columnas(cargaAmb, 'c', {
  solo: ['idCargaAmb', 'idTramite', 'idCarga', 'numero', 'nombrePaciente', 'cedula', 'tipo', 'fecha'],
});
const DETAIL_SELECT = lista([
  LIST_SELECT,
  columnas(cargaAmb, 'c', {
    solo: [
      'codVal',
      'diag1',
      'diag2',
      'diag3',
      'diag4',
      'diag5',
      'motivo',
      'horaDesde',
      'horaHasta',
      'laboratorios',
      'imagenes',
      'fechaReg',
      'fechaAct',
      'idUsuarioReg',
      'idUsuarioAct',
    ],
  }),
]);
const r_ = sql.raw;

/** The ambulatory attentions of a procedure (and load), paged. */
const LISTA = {
  select: LIST_SELECT,
  from: r_('carga_amb c'),
  buscar: [r_('c.numero'), r_('c.nombre_paciente'), r_('c.cedula'), r_('c.tipo')],
  orden: {
    numero: r_('c.numero'),
    nombrePaciente: r_('c.nombre_paciente'),
    cedula: r_('c.cedula'),
    tipo: r_('c.tipo'),
    fecha: r_('c.fecha'),
  },
  ordenInicial: 'numero',
  desempate: r_('c.id_carga_amb'),
};

/** Binary files whatever their name: never a CSV. */
const BINARY_MAGIC = [
  [0x25, 0x50, 0x44, 0x46], // %PDF
  [0x50, 0x4b, 0x03, 0x04], // ZIP, xlsx
  [0x89, 0x50, 0x4e, 0x47], // PNG
  [0xff, 0xd8, 0xff], // JPEG
  [0xd0, 0xcf, 0x11, 0xe0], // OLE2 (xls)
  [0x1f, 0x8b], // gzip
];

/** The file as text if it is one (UTF-8 with or without BOM, else Windows Latin-1), else null. */
export function csvText(buf: Buffer): string | null {
  if (BINARY_MAGIC.some((m) => m.every((b, i) => buf[i] === b))) return null;
  for (const b of buf.subarray(0, 64 * 1024)) {
    if (b < 0x20 && b !== 0x09 && b !== 0x0a && b !== 0x0d) return null;
  }
  try {
    return new TextDecoder('utf-8', { fatal: true }).decode(buf).replace(/^\uFEFF/, '');
  } catch {
    return buf.toString('latin1');
  }
}

type Parsed = { filas: { numero: number; fila: FilaCargaAmb }[]; errores: string[] };

/** Parses and checks every row; row numbers as a spreadsheet shows them (the header is row 1). */
export function parseCargaAmb(text: string): Parsed {
  const firstLine = text.split(/\r?\n/, 1)[0] ?? '';
  const delimiter = (firstLine.match(/;/g)?.length ?? 0) >= (firstLine.match(/,/g)?.length ?? 0) ? ';' : ',';
  let records: string[][];
  try {
    records = parse(text, { delimiter, relax_column_count: true, skip_empty_lines: true, trim: true });
  } catch (e) {
    const line = (e as { lines?: number }).lines;
    return {
      filas: [],
      errores: [
        errorDeFila(line ?? 1, 'el archivo no es un CSV válido (comillas o separadores mal cerrados).'),
      ],
    };
  }
  if (records.length < 2) return { filas: [], errores: [MSG_ADMIN.csvVacio] };
  const header = records[0].map((h) => columnaCargaAmb(h));
  const faltan = COLUMNAS_CARGA_AMB_REQUERIDAS.filter((c) => !header.includes(c));
  if (faltan.length)
    return {
      filas: [],
      errores: [MSG_ADMIN.csvEncabezado(faltan.map((c) => ETIQUETAS_CARGA_AMB[c]).join(', '))],
    };
  const filas: Parsed['filas'] = [];
  const errores: string[] = [];
  records.slice(1).forEach((rec, i) => {
    const numero = i + 2;
    if (rec.length !== records[0].length) {
      errores.push(errorDeFila(numero, `tiene ${rec.length} columnas y el encabezado ${records[0].length}.`));
      return;
    }
    const cells: Record<string, string> = {};
    header.forEach((c, j) => {
      if (c) cells[c] = rec[j];
    });
    const { fila, errores: e } = validarFilaCargaAmb(cells);
    if (fila) filas.push({ numero, fila });
    else for (const m of e) errores.push(errorDeFila(numero, m));
  });
  return { filas, errores };
}

function refuse(reply: FastifyReply, errores: string[]) {
  const filasConError = new Set(errores.map((e) => /^Fila (\d+)/.exec(e)?.[1] ?? e)).size;
  const message =
    errores.length === 1 && !errores[0].startsWith('Fila')
      ? errores[0]
      : MSG_ADMIN.csvConErrores(filasConError);
  return reply.code(400).send({
    error: {
      code: ERROR_CODE.archivoConErrores,
      message,
      fields: { archivo: message },
      detalles: errores.slice(0, MAX_ERRORES),
      totalDetalles: errores.length,
    },
  });
}

async function readCsv(
  req: FastifyRequest,
): Promise<{ buffer: Buffer; nombre: string; idCarga: number | null }> {
  let idCarga: number | null = null;
  const { buffer, nombre } = await leerArchivoMultipart(req, {
    maxBytes: CSV_MAX_BYTES,
    mensajeMuyGrande: 'El archivo excede el tamaño máximo de 10 MB.',
    campos: {
      idCarga: (valor) => {
        const n = Number(valor);
        if (!Number.isInteger(n) || n <= 0)
          throw badRequest('Carga no válida.', { idCarga: 'Carga no válida.' });
        idCarga = n;
      },
    },
  });
  if (!buffer)
    throw badRequest('No se ha seleccionado ningún archivo para cargar.', {
      archivo: 'Seleccione el archivo .csv.',
    });
  return { buffer, nombre, idCarga };
}

/** Ambulatory loads of a procedure (docs/spec-summary.md 002 "Ambulatory load list"): view-only list, filled by a supervisor's CSV. */
export async function cargaAmbRoutes(app: FastifyInstance) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const db = app.database;
  const tags = ['cargas ambulatorias'];

  r.get(
    '/api/v1/tramites/:id/cargaamb',
    {
      onRequest: [app.authenticate],
      schema: {
        response: responses({ 200: getTramitesByIdCargaambResponse }),
        tags,
        summary: 'Atenciones ambulatorias de un trámite (y carga)',
        params: tramiteParams,
        querystring: z.object({ ...pageQuery, idCarga: idSchema.optional() }),
      },
    },
    async (req) => {
      // Every patient of the procedure: 18 and 20 only under tipoAsignacion T (issue 11 item 4).
      await getTramiteForUser(db, req.user, req.params.id, { completo: true });
      const { idCarga, ...query } = req.query;
      const where = [
        sql`c.id_tramite = ${req.params.id}`,
        idCarga ? sql`c.id_carga = ${idCarga}` : undefined,
      ];
      return paginada(db, { ...LISTA, where }, query);
    },
  );

  r.get(
    '/api/v1/tramites/:id/cargaamb/:idCargaAmb',
    {
      onRequest: [app.authenticate],
      schema: {
        response: uncheckedResponses({ 200: getTramitesByIdCargaambByIdCargaAmbResponse }),
        tags,
        summary: 'Una atención ambulatoria',
        params: detalleParams,
      },
    },
    async (req) => {
      await getTramiteForUser(db, req.user, req.params.id, { completo: true });
      const row = await una<
        Record<string, unknown> & { laboratorios: string[] | null; imagenes: string[] | null }
      >(
        db,
        sql`SELECT ${DETAIL_SELECT} FROM carga_amb c
             WHERE c.id_carga_amb = ${req.params.idCargaAmb} AND c.id_tramite = ${req.params.id}`,
      );
      if (!row) throw notFound();
      const { laboratorios, imagenes, ...rest } = row;
      const out: Record<string, unknown> = { ...rest };
      COLUMNAS_LAB.forEach((c, i) => {
        out[c] = laboratorios?.[i] ?? null;
      });
      COLUMNAS_IMG.forEach((c, i) => {
        out[c] = imagenes?.[i] ?? null;
      });
      return out;
    },
  );

  r.post(
    '/api/v1/tramites/:id/cargaamb',
    {
      onRequest: [app.authenticate],
      preValidation: [app.requireProfile(PERFIL.SUPERVISOR_AM, PERFIL.SUPERVISOR_GD)],
      schema: {
        response: responses({ 201: postTramitesByIdCargaambResponse201 }),
        tags,
        summary: 'Cargar atenciones ambulatorias desde un .csv',
        description:
          'multipart/form-data: `archivo` (.csv separado por ; o ,, con encabezado) y `idCarga` (opcional). Todo o nada: con una ' +
          'fila con errores no se guarda ninguna y la respuesta 400 trae `error.detalles` por fila. Reemplaza las atenciones ' +
          'ambulatorias anteriores de la misma carga.',
        params: tramiteParams,
        consumes: ['multipart/form-data'],
      },
    },
    async (req, reply) => {
      await getTramiteForUser(db, req.user, req.params.id);
      if (!req.isMultipart())
        throw badRequest('Seleccione el archivo .csv.', { archivo: 'Seleccione el archivo .csv.' });
      const { buffer, nombre, idCarga } = await readCsv(req);
      const text = /\.csv$/i.test(nombre) ? csvText(buffer) : null;
      if (text === null)
        throw new AppError(415, 'TIPO_NO_PERMITIDO', MSG_ADMIN.csvTipoInvalido, {
          archivo: MSG_ADMIN.csvTipoInvalido,
        });
      if (idCarga !== null) {
        const ok = await una(
          db,
          sql`SELECT 1 FROM carga WHERE id_carga = ${idCarga} AND id_tramite = ${req.params.id}`,
        );
        if (!ok)
          throw badRequest('La carga no pertenece al trámite.', {
            idCarga: 'La carga no pertenece al trámite.',
          });
      }
      const { filas, errores } = parseCargaAmb(text);
      // Diagnoses must exist in the CIE-10 catalogue: one query for the whole file.
      const codigos = [
        ...new Set(filas.flatMap((f) => f.fila.diagnosticos.filter((d): d is string => d !== null))),
      ];
      if (codigos.length) {
        const found = new Set(
          (
            await consulta<{ codigo: string }>(
              db,
              sql`SELECT codigo FROM diagnostico WHERE codigo = ANY(${sql.param(codigos)}::text[])`,
            )
          ).map((r) => r.codigo),
        );
        for (const { numero, fila } of filas) {
          fila.diagnosticos.forEach((d, i) => {
            if (d && !found.has(d))
              errores.push(
                errorDeFila(
                  numero,
                  `${ETIQUETAS_CARGA_AMB[COLUMNAS_DIAG[i]]} "${d}" no existe en el catálogo CIE-10.`,
                ),
              );
          });
        }
      }
      if (errores.length) {
        errores.sort(
          (a, b) => Number(/^Fila (\d+)/.exec(a)?.[1] ?? 0) - Number(/^Fila (\d+)/.exec(b)?.[1] ?? 0),
        );
        return refuse(reply, errores);
      }
      await db.transaction(async (tx) => {
        await consulta(
          tx,
          sql`DELETE FROM carga_amb WHERE id_tramite = ${req.params.id} AND id_carga IS NOT DISTINCT FROM ${idCarga}`,
        );
        const cols = r_(
          'id_tramite, id_carga, numero, nombre_paciente, cod_val, cedula, diag1, diag2, diag3, diag4, diag5, motivo, tipo, fecha, hora_desde, hora_hasta, laboratorios, imagenes, id_usuario_reg',
        );
        for (let i = 0; i < filas.length; i += 200) {
          const rows = filas.slice(i, i + 200).map(
            ({ fila: f }) =>
              sql`(${req.params.id}, ${idCarga}, ${f.numero}, ${f.nombrePaciente}, ${f.codVal}, ${f.cedula},
                ${sql.join(
                  f.diagnosticos.map((d) => sql`${d}`),
                  r_(', '),
                )}, ${f.motivo}, ${f.tipo}, ${f.fecha}, ${f.horaDesde}, ${f.horaHasta},
                ${sql.param(f.laboratorios)}, ${sql.param(f.imagenes)}, ${req.user.idUsuario})`,
          );
          await consulta(tx, sql`INSERT INTO carga_amb (${cols}) VALUES ${sql.join(rows, r_(', '))}`);
        }
      });
      reply.code(201);
      return { mensaje: MSG_ADMIN.csvCargado(filas.length), registros: filas.length };
    },
  );
}

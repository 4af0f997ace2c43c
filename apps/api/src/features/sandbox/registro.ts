import fs from 'node:fs';
import path from 'node:path';
import {
  EXTENSION_DE_MIME,
  type MimeDocumento,
  MSG_AUTORIZACION,
  MSG_INTEGRACION,
  puedeCargarConAutorizacion,
  type RegistroCampos,
  type SessionUser,
} from '@app/domain';
import type { Database, Queryable } from '../../db/client.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { type CargaJob, ingestEnTransaccion, inLoadTransaction } from '../cargas/ingest.ts';
import { sniffFile } from '../cargas/sniff.ts';
import { IngestError } from '../cargas/sources.ts';
import { getTramiteForUser, type TramiteRow, writeBitacora } from '../tramites/access.ts';
import { insertTramite } from '../tramites/insert.ts';
import { enSandbox, type Modo } from './schema.ts';

/** A file received in the multipart body, already on disk (never named after the user's file). */
export type ArchivoRecibido = {
  tmp: string;
  size: number;
  nombre: string;
  sha256: string;
  /** By content (magic bytes); null = not a PDF, JPEG or PNG. */
  tipo: MimeDocumento | null;
};

export type RegistroEntrada = {
  modo: Modo;
  /** registro-completo: the backups are stored with the load. */
  completo: boolean;
  user: SessionUser;
  campos: RegistroCampos;
  datos: { tmp: string; size: number; nombre: string };
  respaldos: ArchivoRecibido[];
};

export type Incidencia = { fila: number; columna: string | null; valor: string | null; mensaje: string };

export type RegistroResultado = {
  mensaje: string;
  sandbox: boolean;
  idTramite: number;
  numero: string;
  estadoTramite: string;
  tramiteNuevo: boolean;
  idCarga: number;
  idAutorizacion: number | null;
  tipoCarga: 'M' | 'A';
  fechaDesde: string;
  fechaHasta: string;
  numeroRegistros: number;
  contadorErrores: number;
  contadorNovedades: number;
  resumen: string;
  /** The first 100 row errors (all of them are in the load's errors). */
  errores: Incidencia[];
  respaldos: { idCargaRespaldo: number; nombreArchivo: string; tipo: string; tamanio: number }[];
};

export const MAX_ERRORES_RESPUESTA = 100;

/** Where backups live: DATA_DIR/respaldos/{real|sandbox}/{idTramite}/{idCarga}/{idCargaRespaldo}.{ext}. */
export const dirRespaldos = (dataDir: string) => path.join(dataDir, 'respaldos');

const solicitudIncorrecta = (fields: Record<string, string>) =>
  badRequest(MSG_INTEGRACION.solicitudIncorrecta, fields);

type Destino = {
  t: TramiteRow;
  nuevo: boolean;
  tipoCarga: 'M' | 'A';
  idAutorizacion: number | null;
};

/** The procedure the load goes into: the authorization's (checked), or a new monthly one. */
async function resolverTramite(tx: Queryable, e: RegistroEntrada): Promise<Destino> {
  const c = e.campos;
  const sandbox = e.modo === 'sandbox';
  if (c.idUsuario !== undefined && c.idUsuario !== e.user.idUsuario) {
    throw solicitudIncorrecta({ idUsuario: MSG_INTEGRACION.idUsuarioDistinto });
  }
  const [servicio] = await tx.query('SELECT 1 FROM servicio WHERE id_servicio = $1', [c.idServicio]);
  if (!servicio) throw solicitudIncorrecta({ idServicio: MSG_INTEGRACION.servicioInvalido });

  if (c.idAutorizacion) {
    const [a] = await tx.query<{
      idTramite: number;
      estadoAut: string;
      fechaDesde: string | null;
      fechaHasta: string | null;
    }>(
      `SELECT id_tramite AS "idTramite", estado_aut AS "estadoAut", fecha_desde AS "fechaDesde", fecha_hasta AS "fechaHasta"
         FROM autorizacion WHERE id_autorizacion = $1`,
      [c.idAutorizacion],
    );
    if (!a) throw notFound();
    const t = await getTramiteForUser(tx, e.user, a.idTramite, { lock: true, sandbox });
    if (!puedeCargarConAutorizacion(t.estadoTramite, a)) {
      throw conflict(
        a.estadoAut !== 'APROBADA'
          ? MSG_AUTORIZACION.noAprobada
          : MSG_AUTORIZACION.estadoNoPermiteCarga(t.estadoTramite),
        'ESTADO_INVALIDO',
      );
    }
    if (c.idServicio !== t.idServicio) {
      throw solicitudIncorrecta({ idServicio: MSG_INTEGRACION.servicioDistinto });
    }
    const desde = a.fechaDesde ?? t.fechaDesde;
    const hasta = a.fechaHasta ?? t.fechaHasta;
    if (c.fechaDesde < desde || c.fechaHasta > hasta) {
      throw solicitudIncorrecta({ fechaDesde: MSG_AUTORIZACION.fechasFueraAutorizacion(desde, hasta) });
    }
    return { t, nuevo: false, tipoCarga: 'A', idAutorizacion: c.idAutorizacion };
  }

  const prestadores = await tx.query<{ id: number }>(
    'SELECT id_prestador AS id FROM prestador WHERE id_empresa = $1 ORDER BY id_prestador',
    [e.user.idEmpresa],
  );
  let idPrestador: number;
  if (c.idPrestador !== undefined) {
    if (!prestadores.some((p) => p.id === c.idPrestador))
      throw solicitudIncorrecta({ idPrestador: MSG_INTEGRACION.prestadorInvalido });
    idPrestador = c.idPrestador;
  } else if (prestadores.length === 1) {
    idPrestador = prestadores[0].id;
  } else if (prestadores.length === 0) {
    throw new AppError(422, 'SIN_PRESTADOR', MSG_INTEGRACION.sinPrestador);
  } else {
    throw solicitudIncorrecta({ idPrestador: MSG_INTEGRACION.prestadorRequerido });
  }
  const [susc] = await tx.query<{ idEmpresa: number }>(
    'SELECT id_empresa AS "idEmpresa" FROM suscripcion WHERE id_suscripcion = $1',
    [e.user.idSuscripcion ?? -1],
  );
  if (!susc) throw new AppError(422, 'SIN_SUSCRIPCION', MSG_INTEGRACION.sinSuscripcion);
  const descripcion = c.descripcion || MSG_INTEGRACION.descripcionPorDefecto(c.fechaDesde, c.fechaHasta);
  const idTramite = await insertTramite(tx, {
    prefijo: sandbox ? 'SBX-' : 'TR-',
    idSuscripcion: e.user.idSuscripcion ?? -1,
    idEmpresaAseguradora: susc.idEmpresa,
    idPrestador,
    idServicio: c.idServicio,
    fechaDesde: c.fechaDesde,
    fechaHasta: c.fechaHasta,
    descripcion,
    frecuenciaCarga: 'M',
    maxSemanas: 0,
    idUsuario: e.user.idUsuario,
  });
  await writeBitacora(
    tx,
    idTramite,
    e.user.idUsuario,
    'ESTADO',
    `Trámite registrado (REGISTRADO) por la API de integración${sandbox ? ' (sandbox)' : ''}.`,
  );
  const t = await getTramiteForUser(tx, e.user, idTramite, { lock: true, sandbox });
  return { t, nuevo: true, tipoCarga: 'M', idAutorizacion: null };
}

/**
 * registro-datos / registro-completo (docs/spec-summary.md 000 §7): the procedure (or the authorization's), the load,
 * the ingest of its JSON file and the backups, in ONE transaction: any failure leaves nothing, neither
 * rows nor files. In the sandbox the same statements write the `sandbox` schema.
 */
export async function registrar(
  db: Database,
  dataDir: string,
  e: RegistroEntrada,
): Promise<RegistroResultado> {
  const sniff = await sniffFile(e.datos.tmp, 'json', e.datos.size);
  if (!sniff.ok) {
    throw new AppError(415, 'TIPO_NO_PERMITIDO', MSG_INTEGRACION.solicitudIncorrecta, {
      archivoDatos: MSG_INTEGRACION.contenidoNoJson,
    });
  }
  // The load's id first: the bulk writer of PostgreSQL is bound to it before the transaction starts.
  const [{ id: idCarga }] = await db.query<{ id: number }>(
    `SELECT nextval(pg_get_serial_sequence($1, 'id_carga'))::int AS id`,
    [e.modo === 'sandbox' ? 'sandbox.carga' : 'public.carga'],
  );
  const movidos: string[] = [];
  try {
    const out = await inLoadTransaction(db, idCarga, async (tx, sink) => {
      if (e.modo === 'sandbox') await enSandbox(tx);
      const d = await resolverTramite(tx, e);
      const c = e.campos;
      await tx.query(
        `INSERT INTO carga (id_carga, id_tramite, id_usuario, id_autorizacion, tipo_carga, fecha_desde, fecha_hasta,
                            tamanio_archivo, nombre_archivo, formato, fecha_modificacion, estado_proceso, progreso)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, 'json', $10, 'PROCESANDO', 0)`,
        [
          idCarga,
          d.t.idTramite,
          e.user.idUsuario,
          d.idAutorizacion,
          d.tipoCarga,
          c.fechaDesde,
          c.fechaHasta,
          e.datos.size,
          e.datos.nombre,
          c.fechaModificacion ?? null,
        ],
      );
      const job: CargaJob = {
        idCarga,
        idTramite: d.t.idTramite,
        idUsuario: e.user.idUsuario,
        idPrestador: d.t.idPrestador,
        formato: 'json',
        fechaDesde: c.fechaDesde,
        fechaHasta: c.fechaHasta,
        tamanioArchivo: e.datos.size,
        nombreArchivo: e.datos.nombre,
        estadoProceso: 'PROCESANDO',
      };
      const res = await ingestEnTransaccion(tx, sink, job, e.datos.tmp, sniff.encoding, {
        idTramiteImplicito: true,
      });
      const errores = await tx.query<Incidencia>(
        `SELECT fila, columna, valor, mensaje FROM carga_error WHERE id_carga = $1 AND tipo = 'E'
          ORDER BY fila, id_carga_error LIMIT ${MAX_ERRORES_RESPUESTA}`,
        [idCarga],
      );
      const respaldos: RegistroResultado['respaldos'] = [];
      if (e.completo) {
        const base = dirRespaldos(dataDir);
        for (const r of e.respaldos) {
          if (!r.tipo) continue;
          const [row] = await tx.query<{ id: number }>(
            `INSERT INTO carga_respaldo (id_carga, id_tramite, nombre_archivo, tipo, tamanio, sha256, ruta, id_usuario_reg)
             VALUES ($1, $2, $3, $4, $5, $6, '', $7) RETURNING id_carga_respaldo AS id`,
            [idCarga, d.t.idTramite, r.nombre, r.tipo, r.size, r.sha256, e.user.idUsuario],
          );
          const ruta = `${e.modo}/${d.t.idTramite}/${idCarga}/${row.id}.${EXTENSION_DE_MIME[r.tipo]}`;
          await tx.query('UPDATE carga_respaldo SET ruta = $2 WHERE id_carga_respaldo = $1', [row.id, ruta]);
          const final = path.join(base, ruta);
          fs.mkdirSync(path.dirname(final), { recursive: true });
          fs.renameSync(r.tmp, final);
          movidos.push(final);
          respaldos.push({ idCargaRespaldo: row.id, nombreArchivo: r.nombre, tipo: r.tipo, tamanio: r.size });
        }
        await writeBitacora(
          tx,
          d.t.idTramite,
          e.user.idUsuario,
          'ESTADO',
          `Carga ${idCarga}: ${respaldos.length} archivos de respaldo recibidos por la API de integración.`,
        );
      }
      const [fin] = await tx.query<{ estadoTramite: string; numero: string; obs: string }>(
        `SELECT t.estado_tramite AS "estadoTramite", t.numero, c.obs FROM tramite t JOIN carga c ON c.id_tramite = t.id_tramite
          WHERE c.id_carga = $1`,
        [idCarga],
      );
      return {
        mensaje: e.completo ? MSG_INTEGRACION.cargaCompletaExitosa : MSG_INTEGRACION.cargaExitosa,
        sandbox: e.modo === 'sandbox',
        idTramite: d.t.idTramite,
        numero: fin.numero,
        estadoTramite: fin.estadoTramite,
        tramiteNuevo: d.nuevo,
        idCarga,
        idAutorizacion: d.idAutorizacion,
        tipoCarga: d.tipoCarga,
        fechaDesde: c.fechaDesde,
        fechaHasta: c.fechaHasta,
        numeroRegistros: res.registros,
        contadorErrores: res.errores,
        contadorNovedades: res.novedades,
        resumen: fin.obs,
        errores,
        respaldos,
      } satisfies RegistroResultado;
    });
    // A fresh id is never locked by another worker.
    if (!out.ran) throw new Error(`load ${idCarga} locked`);
    return out.value;
  } catch (err) {
    for (const f of movidos) fs.rmSync(f, { force: true });
    if (err instanceof IngestError) throw solicitudIncorrecta({ archivoDatos: err.message });
    throw err;
  }
}

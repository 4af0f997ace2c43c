import fs from 'node:fs';
import path from 'node:path';
import {
  type EstadoTramite,
  EXTENSION_DE_MIME,
  type MimeDocumento,
  MSG_AUTORIZACION,
  MSG_INTEGRACION,
  puedeCargarConAutorizacion,
  type RegistroCampos,
  type registroResultadoSchema,
  type SessionUser,
} from '@app/domain';
import type { z } from 'zod';
import type { Database, Queryable } from '../../db/client.ts';
import { autorizacion, cargaError, tramite } from '../../db/schema/index.ts';
import { AppError, badRequest, conflict, notFound } from '../../lib/errors.ts';
import { columnas, consulta, fila, lista, sql, una } from '../../lib/sql.ts';
import { type CargaJob, ingestEnTransaccion, inLoadTransaction } from '../cargas/ingest.ts';
import { sniffFile } from '../cargas/sniff.ts';
import { IngestError } from '../cargas/sources.ts';
import { getTramiteForUser, type TramiteRow, writeBitacora } from '../tramites/access.ts';
import { aseguradoraDeSuscripcion, insertTramite } from '../tramites/insert.ts';
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

/** The registration's answer, as its route declares it. */
export type RegistroResultado = z.output<typeof registroResultadoSchema>;

export const MAX_ERRORES_RESPUESTA = 100;

/** Where backups live: DATA_DIR/respaldos/{real|sandbox}/{idTramite}/{idCarga}/{idCargaRespaldo}.{ext}. */
export const dirRespaldos = (dataDir: string) => path.join(dataDir, 'respaldos');

const solicitudIncorrecta = (fields: Record<string, string>) =>
  badRequest(MSG_INTEGRACION.solicitudIncorrecta, fields);

const AUTORIZACION_COLS = columnas(autorizacion, 'a', {
  solo: ['idTramite', 'estadoAut', 'fechaDesde', 'fechaHasta'],
});
const INCIDENCIA_COLS = columnas(cargaError, 'e', { solo: ['fila', 'columna', 'valor', 'mensaje'] });
const FIN_COLS = lista([
  columnas(tramite, 't', { solo: ['estadoTramite', 'numero'] }),
  columnas(tramite, 't', { solo: [], extra: { obs: 'c.obs' } }),
]);

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
  const servicio = await una(tx, sql`SELECT 1 FROM servicio WHERE id_servicio = ${c.idServicio}`);
  if (!servicio) throw solicitudIncorrecta({ idServicio: MSG_INTEGRACION.servicioInvalido });

  if (c.idAutorizacion) {
    const a = await una<{
      idTramite: number;
      estadoAut: string;
      fechaDesde: string | null;
      fechaHasta: string | null;
    }>(
      tx,
      sql`SELECT ${AUTORIZACION_COLS} FROM autorizacion a WHERE a.id_autorizacion = ${c.idAutorizacion}`,
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

  const prestadores = await consulta<{ id: number }>(
    tx,
    sql`SELECT id_prestador AS id FROM prestador WHERE id_empresa = ${e.user.idEmpresa} ORDER BY id_prestador`,
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
  const idEmpresaAseguradora = await aseguradoraDeSuscripcion(tx, e.user);
  const descripcion = c.descripcion || MSG_INTEGRACION.descripcionPorDefecto(c.fechaDesde, c.fechaHasta);
  const idTramite = await insertTramite(tx, {
    prefijo: sandbox ? 'SBX-' : 'TR-',
    idSuscripcion: e.user.idSuscripcion ?? -1,
    idEmpresaAseguradora,
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
  const { id: idCarga } = await fila<{ id: number }>(
    db,
    sql`SELECT nextval(pg_get_serial_sequence(${e.modo === 'sandbox' ? 'sandbox.carga' : 'public.carga'}, 'id_carga'))::int AS id`,
  );
  const movidos: string[] = [];
  try {
    const out = await inLoadTransaction(db, idCarga, async (tx, sink) => {
      if (e.modo === 'sandbox') await enSandbox(tx);
      const d = await resolverTramite(tx, e);
      const c = e.campos;
      await consulta(
        tx,
        sql`INSERT INTO carga (id_carga, id_tramite, id_usuario, id_autorizacion, tipo_carga, fecha_desde, fecha_hasta,
                            tamanio_archivo, nombre_archivo, formato, fecha_modificacion, estado_proceso, progreso)
         VALUES (${idCarga}, ${d.t.idTramite}, ${e.user.idUsuario}, ${d.idAutorizacion}, ${d.tipoCarga}, ${c.fechaDesde},
                 ${c.fechaHasta}, ${e.datos.size}, ${e.datos.nombre}, 'json', ${c.fechaModificacion ?? null}, 'PROCESANDO', 0)`,
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
      const errores = await consulta<Incidencia>(
        tx,
        sql`SELECT ${INCIDENCIA_COLS} FROM carga_error e WHERE e.id_carga = ${idCarga} AND e.tipo = 'E'
          ORDER BY e.fila, e.id_carga_error LIMIT ${sql.raw(String(MAX_ERRORES_RESPUESTA))}`,
      );
      const respaldos: RegistroResultado['respaldos'] = [];
      if (e.completo) {
        const base = dirRespaldos(dataDir);
        for (const r of e.respaldos) {
          if (!r.tipo) continue;
          const row = await fila<{ id: number }>(
            tx,
            sql`INSERT INTO carga_respaldo (id_carga, id_tramite, nombre_archivo, tipo, tamanio, sha256, ruta, id_usuario_reg)
             VALUES (${idCarga}, ${d.t.idTramite}, ${r.nombre}, ${r.tipo}, ${r.size}, ${r.sha256}, '', ${e.user.idUsuario})
             RETURNING id_carga_respaldo AS id`,
          );
          const ruta = `${e.modo}/${d.t.idTramite}/${idCarga}/${row.id}.${EXTENSION_DE_MIME[r.tipo]}`;
          await consulta(
            tx,
            sql`UPDATE carga_respaldo SET ruta = ${ruta} WHERE id_carga_respaldo = ${row.id}`,
          );
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
      const fin = await fila<{ estadoTramite: EstadoTramite; numero: string; obs: string }>(
        tx,
        sql`SELECT ${FIN_COLS} FROM tramite t JOIN carga c ON c.id_tramite = t.id_tramite WHERE c.id_carga = ${idCarga}`,
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

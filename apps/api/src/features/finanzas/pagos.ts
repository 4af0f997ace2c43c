import crypto from 'node:crypto';
import {
  type DiferenciaPago,
  errorDeFila,
  type FilaPago,
  fromCents,
  MAX_DIFERENCIAS_PAGO,
  MSG_FINANZAS,
  type PagoCarga,
  puedeCargarPagos,
  type SessionUser,
  toCents,
  todayIso,
} from '@app/domain';
import type { Database, Queryable } from '../../db/client.ts';
import { pagoFin, planilla, planillaDet } from '../../db/schema/index.ts';
import { conflict } from '../../lib/errors.ts';
import { columnas, consulta, fila, lista, sql, una } from '../../lib/sql.ts';
import { APROBADO } from '../detalles/sql.ts';
import { getTramiteForUser, writeBitacora } from '../tramites/access.ts';
import { type ArchivoPagos, ArchivoRechazado, type FilaLeida, leerPagos, porFila } from './archivo-pagos.ts';

/** An attention by its number (alias p). */
const ATENCION = columnas(planilla, 'p', { solo: ['idPlanilla'], extra: { numero: 'upper(p.numero)' } });
/** A line with what it has approved and paid (aliases d, e element, pg paid). */
const LINEA_PAGO = columnas(planillaDet, 'd', {
  solo: ['idPlanillaDet', 'idPlanilla'],
  extra: {
    codigo: 'upper(d.codigo)',
    elementoCodigo: 'upper(e.codigo)',
    fechaAtencion: 'd.fecha_atencion',
    aprobado: `${APROBADO()}::text`,
    pagado: 'pg.pagado::text',
  },
});
/** An accepted payment file (alias p, its user u). */
const PAGO = lista([
  columnas(pagoFin, 'p', {
    solo: ['idPagoFin', 'nombreArchivo', 'fechaReg', 'fechaModificacion'],
    extra: { usuario: "COALESCE(u.nombre, '')" },
  }),
  columnas(pagoFin, 'p', { solo: ['filas'], extra: { totalPagado: 'p.total_pagado::text' } }),
]);

type LineaPago = {
  idPlanillaDet: number;
  idPlanilla: number;
  codigo: string;
  elementoCodigo: string | null;
  fechaAtencion: string | null;
  aprobado: string;
  pagado: string;
};

type Linea = Omit<LineaPago, 'aprobado' | 'pagado'> & { aprobado: bigint; pagado: bigint; asignado: bigint };

type Asignacion = { numero: number; fila: FilaPago; idPlanilla: number; aprobado: bigint; antes: bigint };

/**
 * Matches every row to the procedure's active attentions and lines, and spreads each amount over the
 * lines it pays, in their order, up to what each still has approved and unpaid (decision 56). Amounts
 * as BigInt cents: nothing passes through a float.
 */
async function asignar(tx: Queryable, idTramite: number, filas: FilaLeida[], erroresFormato: string[]) {
  const numeros = [...new Set(filas.map((f) => f.fila.noPlanilla.toUpperCase()))];
  const atenciones = await consulta<{ idPlanilla: number; numero: string }>(
    tx,
    sql`SELECT ${ATENCION} FROM planilla p
      WHERE p.id_tramite = ${idTramite} AND p.estado = 1 AND upper(p.numero) = ANY(${sql.param(numeros)}::text[])`,
  );
  const porNumero = new Map<string, number[]>();
  for (const a of atenciones) porNumero.set(a.numero, [...(porNumero.get(a.numero) ?? []), a.idPlanilla]);
  const lineas = await consulta<LineaPago>(
    tx,
    sql`SELECT ${LINEA_PAGO}
       FROM planilla_det d
       LEFT JOIN elemento e ON e.id_elemento = d.id_elemento
       CROSS JOIN LATERAL (SELECT COALESCE(sum(x.valor), 0)::numeric(14, 2) AS pagado
                             FROM pago_fin_det x WHERE x.id_planilla_det = d.id_planilla_det) pg
      WHERE d.id_planilla = ANY(${sql.param(atenciones.map((a) => a.idPlanilla))}::int[]) AND d.estado = 1
      ORDER BY d.id_planilla, d.id_planilla_det`,
  );
  const porAtencion = new Map<number, Linea[]>();
  for (const l of lineas) {
    const linea = { ...l, aprobado: toCents(l.aprobado), pagado: toCents(l.pagado), asignado: 0n };
    porAtencion.set(l.idPlanilla, [...(porAtencion.get(l.idPlanilla) ?? []), linea]);
  }

  const errores: string[] = [...erroresFormato];
  const asignaciones: Asignacion[] = [];
  const detalle: { numero: number; idPlanillaDet: number; valor: bigint }[] = [];
  for (const { numero, fila } of filas) {
    const ids = porNumero.get(fila.noPlanilla.toUpperCase()) ?? [];
    if (ids.length !== 1) {
      errores.push(
        errorDeFila(
          numero,
          ids.length
            ? MSG_FINANZAS.planillaAmbigua(fila.noPlanilla)
            : MSG_FINANZAS.planillaNoExiste(fila.noPlanilla),
        ),
      );
      continue;
    }
    let grupo = porAtencion.get(ids[0]) ?? [];
    if (fila.noServicio !== null) {
      const cod = fila.noServicio;
      grupo = grupo.filter(
        (l) =>
          (l.codigo === cod || l.elementoCodigo === cod) &&
          (fila.fechaAtencion === null || l.fechaAtencion === fila.fechaAtencion),
      );
      if (!grupo.length) {
        errores.push(
          errorDeFila(
            numero,
            MSG_FINANZAS.lineaNoExiste(fila.noPlanilla, fila.noServicio, fila.fechaAtencion),
          ),
        );
        continue;
      }
    }
    const aprobado = grupo.reduce((s, l) => s + l.aprobado, 0n);
    const antes = grupo.reduce((s, l) => s + l.pagado + l.asignado, 0n);
    const libre = (l: Linea) =>
      l.aprobado > l.pagado + l.asignado ? l.aprobado - l.pagado - l.asignado : 0n;
    const porLineas = grupo.reduce((s, l) => s + libre(l), 0n);
    const capacidad = aprobado - antes < porLineas ? (aprobado > antes ? aprobado - antes : 0n) : porLineas;
    const valor = toCents(fila.valorPagado);
    if (valor > capacidad) {
      errores.push(
        errorDeFila(
          numero,
          MSG_FINANZAS.pagadoMayor(
            fila.valorPagado,
            fromCents(capacidad),
            fromCents(aprobado),
            fromCents(antes),
          ),
        ),
      );
      continue;
    }
    let resto = valor;
    for (const l of grupo) {
      if (resto === 0n) break;
      const toma = libre(l) < resto ? libre(l) : resto;
      if (toma > 0n) {
        l.asignado += toma;
        resto -= toma;
        detalle.push({ numero, idPlanillaDet: l.idPlanillaDet, valor: toma });
      }
    }
    asignaciones.push({ numero, fila, idPlanilla: ids[0], aprobado, antes });
  }
  if (errores.length) throw new ArchivoRechazado(porFila(errores));
  return { asignaciones, detalle };
}

async function saldo(q: Queryable, idTramite: number) {
  return fila<{ aprobado: string; pagado: string; pendiente: string }>(
    q,
    sql`SELECT a.aprobado::text AS aprobado, p.pagado::text AS pagado, (a.aprobado - p.pagado)::text AS pendiente
       FROM (SELECT COALESCE(sum(total_aprobado), 0)::numeric(16, 2) AS aprobado
               FROM planilla WHERE id_tramite = ${idTramite} AND estado = 1) a,
            (SELECT COALESCE(sum(total_pagado), 0)::numeric(16, 2) AS pagado FROM pago_fin WHERE id_tramite = ${idTramite}) p`,
  );
}

/** The state check of the payment file, before and inside the transaction. */
export function exigirEstado(estado: string, idPerfil: number) {
  if (!puedeCargarPagos(idPerfil, estado))
    throw conflict(MSG_FINANZAS.estadoNoPermitido(estado), 'ESTADO_NO_PERMITIDO');
}

/**
 * Records an accepted payment file in one transaction (the procedure row locked, so two uploads of one
 * procedure run one after the other): all rows or none.
 */
export async function registrarPagos(
  db: Database,
  user: SessionUser,
  idTramite: number,
  archivo: ArchivoPagos,
): Promise<PagoCarga> {
  const { filas, errores } = await leerPagos(archivo.buffer, idTramite);
  const hash = crypto.createHash('sha256').update(archivo.buffer).digest('hex');
  return db.transaction(async (tx) => {
    const t = await getTramiteForUser(tx, user, idTramite, { lock: true });
    exigirEstado(t.estadoTramite, user.idPerfil);
    const previo = await una<{ nombre: string; fecha: string }>(
      tx,
      sql`SELECT nombre_archivo AS nombre, to_char(fecha_reg AT TIME ZONE 'America/Guayaquil', 'YYYY-MM-DD') AS fecha
         FROM pago_fin WHERE id_tramite = ${idTramite} AND hash = ${hash}`,
    );
    if (previo) throw conflict(MSG_FINANZAS.yaCargado(previo.nombre, previo.fecha), 'ARCHIVO_DUPLICADO');

    const { asignaciones, detalle } = await asignar(tx, idTramite, filas, errores);
    const total = asignaciones.reduce((s, a) => s + toCents(a.fila.valorPagado), 0n);
    const pago = await fila<{ id: number }>(
      tx,
      sql`INSERT INTO pago_fin (id_tramite, nombre_archivo, hash, fecha_modificacion, filas, total_pagado, id_usuario_reg)
       VALUES (${idTramite}, ${archivo.nombre.slice(0, 255)}, ${hash}, ${archivo.fechaModificacion ?? null},
               ${asignaciones.length}, ${fromCents(total)}, ${user.idUsuario})
       RETURNING id_pago_fin AS id`,
    );
    const hoy = todayIso();
    const col = <T>(v: (a: Asignacion) => T, tipo: string) =>
      sql`${sql.param(asignaciones.map(v))}::${sql.raw(tipo)}[]`;
    const ids = await consulta<{ id: number; fila: number }>(
      tx,
      sql`INSERT INTO pago_fin_fila (id_pago_fin, fila, id_planilla, codigo, fecha_atencion, valor_aprobado,
                                  valor_pagado_antes, valor_pagado, fecha_pago, referencia)
       SELECT ${pago.id}::int, * FROM unnest(${col((a) => a.numero, 'int')}, ${col((a) => a.idPlanilla, 'int')},
                                ${col((a) => a.fila.noServicio, 'text')}, ${col((a) => a.fila.fechaAtencion, 'date')},
                                ${col((a) => fromCents(a.aprobado), 'numeric')}, ${col((a) => fromCents(a.antes), 'numeric')},
                                ${col((a) => a.fila.valorPagado, 'numeric')}, ${col((a) => a.fila.fechaPago ?? hoy, 'date')},
                                ${col((a) => a.fila.referencia, 'text')})
       RETURNING id_pago_fin_fila AS id, fila`,
    );
    const idDeFila = new Map(ids.map((r) => [r.fila, r.id]));
    if (detalle.length) {
      await consulta(
        tx,
        sql`INSERT INTO pago_fin_det (id_pago_fin_fila, id_planilla_det, valor)
         SELECT f, d, sum(v) FROM unnest(${sql.param(detalle.map((d) => idDeFila.get(d.numero)))}::int[],
                                         ${sql.param(detalle.map((d) => d.idPlanillaDet))}::int[],
                                         ${sql.param(detalle.map((d) => fromCents(d.valor)))}::numeric[]) AS x(f, d, v)
          GROUP BY f, d`,
      );
    }
    const mensaje = MSG_FINANZAS.pagosRegistrados(asignaciones.length, fromCents(total));
    await writeBitacora(
      tx,
      idTramite,
      user.idUsuario,
      'SUPERVISIÓN',
      `Archivo de pagos ${archivo.nombre}: ${mensaje}`,
    );

    const diferencias: DiferenciaPago[] = [];
    let conDiferencia = 0;
    for (const a of asignaciones) {
      const pagado = toCents(a.fila.valorPagado);
      const pendiente = a.aprobado - a.antes - pagado;
      if (pendiente === 0n) continue;
      conDiferencia++;
      if (diferencias.length < MAX_DIFERENCIAS_PAGO)
        diferencias.push({
          fila: a.numero,
          noPlanilla: a.fila.noPlanilla,
          noServicio: a.fila.noServicio,
          fechaAtencion: a.fila.fechaAtencion,
          aprobado: fromCents(a.aprobado),
          pagadoAntes: fromCents(a.antes),
          pagado: a.fila.valorPagado,
          pendiente: fromCents(pendiente),
        });
    }
    return {
      mensaje,
      idPagoFin: pago.id,
      nombreArchivo: archivo.nombre,
      filas: asignaciones.length,
      totalPagado: fromCents(total),
      filasConDiferencia: conDiferencia,
      diferencias,
      saldo: await saldo(tx, idTramite),
    };
  });
}

/** GET /tramites/{id}/pagos: the accepted files, newest first, and the procedure's balance. */
export async function listarPagos(q: Queryable, idTramite: number) {
  const items = await consulta<{
    idPagoFin: number;
    nombreArchivo: string;
    fechaReg: Date;
    fechaModificacion: Date | null;
    usuario: string;
    filas: number;
    totalPagado: string;
  }>(
    q,
    sql`SELECT ${PAGO}
       FROM pago_fin p LEFT JOIN usuario u ON u.id_usuario = p.id_usuario_reg
      WHERE p.id_tramite = ${idTramite} ORDER BY p.fecha_reg DESC, p.id_pago_fin DESC`,
  );
  return { items, saldo: await saldo(q, idTramite) };
}

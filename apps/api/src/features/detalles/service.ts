import {
  canAuditarValores,
  canEditarDetalle,
  type DetalleAprobado,
  type DetalleCrear,
  type DetalleEditar,
  fechaDentro,
  MSG_DETALLE_EDICION as M,
  normalizeMoney,
  type PlanillaTotales,
  type SessionUser,
  toCents,
} from '@app/domain';
import type { Queryable } from '../../db/client.ts';
import { elemento as elementoT, elemPres, planillaDet } from '../../db/schema/index.ts';
import { AppError, badRequest, notFound } from '../../lib/errors.ts';
import { columnas, consulta, fila, sql, una } from '../../lib/sql.ts';
import {
  assertEstadoTrabajo,
  assertVersion,
  getPlanillaForUser,
  type PlanillaCtx,
  perfilNoAutorizado,
  recordChanges,
} from '../planillas/access.ts';
import { leerDetalle, observacionesM, RECLAMADO, totalesPlanilla } from './sql.ts';

/** The attention of a line (alias d). */
const DET_PLANILLA = columnas(planillaDet, 'd', { solo: ['idPlanilla'] });
/** The coded element of a provider's code (alias ep). */
const EQUIVALENTE = columnas(elemPres, 'ep', { solo: ['idElemento'] });
/** A coded element (alias e). */
const ELEMENTO = columnas(elementoT, 'e', { solo: ['idElemento', 'codigo', 'nombre', 'valor'] });

/*
 * Writes of line items by the audit (issue 13 items 2–3). Every write: the attention (tenant and,
 * for 18, assignment: else 404), the profile (else 403), the procedure's working state (else 409),
 * the attention's version (stale → 409), then the change, the attention's new version and its
 * totals (kept by the triggers of migration 0013) and the audit trail, in the caller's transaction.
 */

type Linea = {
  idPlanillaDet: number;
  idElemento: number | null;
  codigo: string;
  descripcion: string | null;
  fechaAtencion: string | null;
  cantidad: number;
  valorUni: string;
  tipo: string;
  laboratorio: number;
  imagen: number;
  estado: number;
  cantidadAprobada: number | null;
  valorAprobado: string | null;
};

export type Ctx = PlanillaCtx & { previo: PlanillaTotales };

/** The columns of `Linea` (no alias: also a RETURNING list). */
const LINEA_COLS = columnas(planillaDet, 'planilla_det', {
  solo: [
    'idPlanillaDet',
    'idElemento',
    'codigo',
    'descripcion',
    'fechaAtencion',
    'cantidad',
    'valorUni',
    'tipo',
    'laboratorio',
    'imagen',
    'estado',
    'cantidadAprobada',
    'valorAprobado',
  ],
});

export async function contexto(
  tx: Queryable,
  user: SessionUser,
  idPlanilla: number,
  version: number,
  permiso: (idPerfil: number) => boolean = canEditarDetalle,
): Promise<Ctx> {
  const ctx = await getPlanillaForUser(tx, user, idPlanilla, { lock: 'share' });
  if (!permiso(user.idPerfil)) throw perfilNoAutorizado();
  assertEstadoTrabajo(ctx.tramite);
  assertVersion(ctx.planilla, version);
  return { ...ctx, previo: await totalesPlanilla(tx, idPlanilla) };
}

export async function lineaBloqueada(tx: Queryable, idPlanilla: number, idPlanillaDet: number) {
  const l = await una<Linea>(
    tx,
    sql`SELECT ${LINEA_COLS} FROM planilla_det
         WHERE id_planilla_det = ${idPlanillaDet} AND id_planilla = ${idPlanilla} FOR UPDATE`,
  );
  if (!l) throw notFound();
  return l;
}

/**
 * After a change of lines: new version of the attention, its claimed `total` of active lines, and
 * the trail of its totals (`previo`: read before the change; the triggers already moved the rest).
 */
export async function cerrarCambio(tx: Queryable, ctx: Ctx, idUsuario: number, operacion: string) {
  const id = ctx.planilla.idPlanilla;
  await consulta(
    tx,
    sql`UPDATE planilla SET version = version + 1, fecha_act = now(), id_usuario_act = ${idUsuario},
            total = (SELECT COALESCE(round(sum(x.cantidad * x.valor_uni), 2), 0) FROM planilla_det x
                      WHERE x.id_planilla = ${id} AND x.estado = 1)
      WHERE id_planilla = ${id}`,
  );
  const despues = await totalesPlanilla(tx, ctx.planilla.idPlanilla);
  const { version: _a, ...antes } = ctx.previo;
  const { version: _d, ...ahora } = despues;
  await recordChanges(tx, antes, ahora, { idPlanilla: ctx.planilla.idPlanilla, idUsuario, operacion });
  return despues;
}

const fechaValida = (ctx: Ctx, fecha: string) => {
  const { fechaDesde, fechaHasta } = ctx.planilla;
  if (!fechaDentro(fecha, fechaDesde, fechaHasta))
    throw badRequest(M.fechaFuera(fechaDesde, fechaHasta), {
      fechaAtencion: M.fechaFuera(fechaDesde, fechaHasta),
    });
};

/** The element of a line: the coded one given, or the provider's code through its equivalence. */
async function elemento(tx: Queryable, ctx: Ctx, b: { idElemento?: number; codigoPrestador?: string }) {
  let idElemento = b.idElemento;
  let codigoPrestador: string | null = null;
  if (idElemento === undefined && b.codigoPrestador) {
    codigoPrestador = b.codigoPrestador.toUpperCase();
    const eq = await una<{ idElemento: number | null }>(
      tx,
      sql`SELECT ${EQUIVALENTE} FROM elem_pres ep
           WHERE ep.id_prestador = ${ctx.planilla.idPrestador} AND ep.codigo = ${codigoPrestador}`,
    );
    if (!eq?.idElemento)
      throw new AppError(422, 'SIN_EQUIVALENCIA', M.sinEquivalencia(codigoPrestador), {
        codigoPrestador: M.sinEquivalencia(codigoPrestador),
      });
    idElemento = eq.idElemento;
  }
  const e = await una<{
    idElemento: number;
    codigo: string;
    nombre: string;
    valor: string | null;
    tarifa: string | null;
  }>(
    tx,
    sql`SELECT ${ELEMENTO},
            (SELECT tp.valor FROM tarifa_pres tp
              WHERE tp.id_prestador = ${ctx.planilla.idPrestador} AND tp.id_elemento = e.id_elemento) AS tarifa
       FROM elemento e WHERE e.id_elemento = ${idElemento ?? null}`,
  );
  if (!e) throw badRequest(M.elementoNoExiste, { idElemento: M.elementoNoExiste });
  return { ...e, codigoLinea: codigoPrestador ?? e.codigo };
}

const auditable = (l: Partial<Linea>) => ({
  idElemento: l.idElemento,
  codigo: l.codigo,
  descripcion: l.descripcion,
  fechaAtencion: l.fechaAtencion,
  cantidad: l.cantidad,
  valorUni: l.valorUni,
  tipo: l.tipo,
  laboratorio: l.laboratorio,
  imagen: l.imagen,
  cantidadAprobada: l.cantidadAprobada,
  valorAprobado: l.valorAprobado,
});

export async function crearDetalle(tx: Queryable, user: SessionUser, idPlanilla: number, b: DetalleCrear) {
  const ctx = await contexto(tx, user, idPlanilla, b.version);
  const e = await elemento(tx, ctx, b);
  const valorUni = b.valorUni ?? e.tarifa ?? e.valor;
  if (valorUni === null) throw badRequest(M.valorInvalido, { valorUni: M.valorInvalido });
  const fecha = b.fechaAtencion ?? ctx.planilla.fechaDesde;
  fechaValida(ctx, fecha);
  const laboratorio = b.laboratorio ?? 0;
  const imagen = b.imagen ?? 0;
  const tipo = b.tipo ?? (laboratorio ? 'L' : imagen ? 'X' : 'P');
  const l = await fila<Linea>(
    tx,
    sql`INSERT INTO planilla_det (id_planilla, id_elemento, codigo, descripcion, fecha_atencion, cantidad, valor_uni, tipo,
                               laboratorio, imagen, id_usuario_reg)
     VALUES (${idPlanilla}, ${e.idElemento}, ${e.codigoLinea}, ${(b.descripcion ?? e.nombre).toUpperCase()}, ${fecha},
             ${b.cantidad}, ${valorUni}::numeric, ${tipo}, ${laboratorio}, ${imagen}, ${user.idUsuario})
     RETURNING ${LINEA_COLS}`,
  );
  await recordChanges(tx, {}, auditable(l), {
    idPlanilla,
    idPlanillaDet: l.idPlanillaDet,
    idUsuario: user.idUsuario,
    operacion: 'DET_CREAR',
  });
  const planilla = await cerrarCambio(tx, ctx, user.idUsuario, 'DET_CREAR');
  return { item: await leerDetalle(tx, l.idPlanillaDet), planilla };
}

export async function editarDetalle(
  tx: Queryable,
  user: SessionUser,
  idPlanilla: number,
  idDet: number,
  b: DetalleEditar,
) {
  const ctx = await contexto(tx, user, idPlanilla, b.version);
  const antes = await lineaBloqueada(tx, idPlanilla, idDet);
  const nuevo: Linea = { ...antes };
  if (b.idElemento !== undefined || b.codigoPrestador !== undefined) {
    const e = await elemento(tx, ctx, b);
    nuevo.idElemento = e.idElemento;
    nuevo.codigo = e.codigoLinea;
    if (b.descripcion === undefined) nuevo.descripcion = e.nombre;
  }
  if (b.descripcion !== undefined) nuevo.descripcion = b.descripcion.toUpperCase();
  if (b.fechaAtencion !== undefined) nuevo.fechaAtencion = b.fechaAtencion;
  if (nuevo.fechaAtencion !== antes.fechaAtencion && nuevo.fechaAtencion)
    fechaValida(ctx, nuevo.fechaAtencion);
  if (b.cantidad !== undefined) nuevo.cantidad = b.cantidad;
  if (b.valorUni !== undefined) nuevo.valorUni = normalizeMoney(b.valorUni);
  if (b.tipo !== undefined) nuevo.tipo = b.tipo;
  if (b.laboratorio !== undefined) nuevo.laboratorio = b.laboratorio;
  if (b.imagen !== undefined) nuevo.imagen = b.imagen;
  // A smaller claim cannot leave more approved than claimed.
  const reclamado = BigInt(nuevo.cantidad) * toCents(nuevo.valorUni);
  if (nuevo.valorAprobado !== null && toCents(nuevo.valorAprobado) > reclamado) nuevo.valorAprobado = null;
  if (nuevo.cantidadAprobada !== null && nuevo.cantidadAprobada > nuevo.cantidad)
    nuevo.cantidadAprobada = null;
  await consulta(
    tx,
    sql`UPDATE planilla_det SET id_elemento = ${nuevo.idElemento}, codigo = ${nuevo.codigo},
            descripcion = ${nuevo.descripcion}, fecha_atencion = ${nuevo.fechaAtencion}, cantidad = ${nuevo.cantidad},
            valor_uni = ${nuevo.valorUni}::numeric, tipo = ${nuevo.tipo}, laboratorio = ${nuevo.laboratorio},
            imagen = ${nuevo.imagen}, valor_aprobado = ${nuevo.valorAprobado}::numeric,
            cantidad_aprobada = ${nuevo.cantidadAprobada}, fecha_act = now(), id_usuario_act = ${user.idUsuario}
      WHERE id_planilla_det = ${idDet}`,
  );
  const meta = { idPlanilla, idPlanillaDet: idDet, idUsuario: user.idUsuario, operacion: 'DET_EDITAR' };
  await recordChanges(tx, auditable(antes), auditable(nuevo), meta);
  const planilla = await cerrarCambio(tx, ctx, user.idUsuario, 'DET_EDITAR');
  return { item: await leerDetalle(tx, idDet), planilla };
}

/** The audit's approved value; below the claim the glosa needs an active observation of type M. */
export async function aprobarDetalle(
  tx: Queryable,
  user: SessionUser,
  idPlanilla: number,
  idDet: number,
  b: DetalleAprobado,
) {
  const ctx = await contexto(tx, user, idPlanilla, b.version, canAuditarValores);
  const l = await lineaBloqueada(tx, idPlanilla, idDet);
  const valorAprobado = normalizeMoney(b.valorAprobado);
  await fijarAprobado(tx, l, valorAprobado, b.cantidadAprobada, true);
  const meta = { idPlanilla, idPlanillaDet: idDet, idUsuario: user.idUsuario, operacion: 'DET_APROBAR' };
  await recordChanges(
    tx,
    { valorAprobado: l.valorAprobado, cantidadAprobada: l.cantidadAprobada },
    { valorAprobado, cantidadAprobada: b.cantidadAprobada ?? l.cantidadAprobada },
    meta,
  );
  const planilla = await cerrarCambio(tx, ctx, user.idUsuario, 'DET_APROBAR');
  return { item: await leerDetalle(tx, idDet), planilla };
}

async function fijarAprobado(
  tx: Queryable,
  l: Linea,
  valorAprobado: string,
  cantidadAprobada: number | undefined,
  exigirObservacion: boolean,
) {
  if (l.estado !== 1) throw new AppError(422, 'DETALLE_INACTIVO', M.glosaDetalleInactivo);
  const reclamado = BigInt(l.cantidad) * toCents(l.valorUni);
  const aprobado = toCents(valorAprobado);
  if (aprobado > reclamado) throw badRequest(M.aprobadoMayor, { valorAprobado: M.aprobadoMayor });
  if (cantidadAprobada !== undefined && cantidadAprobada > l.cantidad)
    throw badRequest(M.aprobadoMayor, { cantidadAprobada: M.aprobadoMayor });
  if (exigirObservacion && aprobado < reclamado) {
    if ((await observacionesM(tx, l.idPlanillaDet)) === 0)
      throw new AppError(422, 'GLOSA_SIN_OBSERVACION', M.glosaSinObservacion, {
        valorAprobado: M.glosaSinObservacion,
      });
  }
  await consulta(
    tx,
    sql`UPDATE planilla_det SET valor_aprobado = ${valorAprobado}::numeric,
            cantidad_aprobada = COALESCE(${cantidadAprobada ?? null}, cantidad_aprobada)
      WHERE id_planilla_det = ${l.idPlanillaDet}`,
  );
}

/**
 * For the observations feature (accepting an answer: the glosa stands, is reduced or withdrawn):
 * sets the line's approved value inside the caller's transaction, after the caller checked profile,
 * state and version; writes the trail, bumps the attention's version and returns its totals.
 * Withdrawing the glosa is `nuevoValorAprobado` = the claimed value (or `null`: as claimed).
 */
export async function ajustarGlosa(
  tx: Queryable,
  idPlanillaDet: number,
  nuevoValorAprobado: string | null,
  usuario: { idUsuario: number },
) {
  const ref = await una<{ idPlanilla: number }>(
    tx,
    sql`SELECT ${DET_PLANILLA} FROM planilla_det d WHERE d.id_planilla_det = ${idPlanillaDet}`,
  );
  if (!ref) throw notFound();
  // Same lock order as every writer: the attention, then its line.
  await consulta(tx, sql`SELECT 1 FROM planilla WHERE id_planilla = ${ref.idPlanilla} FOR UPDATE`);
  const l = await lineaBloqueada(tx, ref.idPlanilla, idPlanillaDet);
  const previo = await totalesPlanilla(tx, ref.idPlanilla);
  let valor: string;
  try {
    valor =
      nuevoValorAprobado !== null
        ? normalizeMoney(nuevoValorAprobado)
        : (
            await fila<{ v: string }>(
              tx,
              sql`SELECT ${sql.raw(RECLAMADO('d'))}::text AS v FROM planilla_det d WHERE id_planilla_det = ${idPlanillaDet}`,
            )
          ).v;
  } catch {
    throw badRequest(M.valorInvalido, { valorAprobado: M.valorInvalido });
  }
  await fijarAprobado(tx, l, valor, undefined, false);
  const meta = {
    idPlanilla: ref.idPlanilla,
    idPlanillaDet,
    idUsuario: usuario.idUsuario,
    operacion: 'DET_GLOSA',
  };
  await recordChanges(tx, { valorAprobado: l.valorAprobado }, { valorAprobado: valor }, meta);
  const ctx = { planilla: { idPlanilla: ref.idPlanilla }, previo } as Ctx;
  return cerrarCambio(tx, ctx, usuario.idUsuario, 'DET_GLOSA');
}

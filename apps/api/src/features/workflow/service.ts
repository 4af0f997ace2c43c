/**
 * The one writer of `tramite.estado_tramite` (docs/decisions.md, 'One writer of the procedure state').
 *
 *   aplicar(tx, tramite, accionOEvento, usuario, opts?) → Promise<Aplicada>
 *
 *   tx             a Queryable inside the caller's transaction (`db.transaction(async (tx) => …)`)
 *   tramite        the procedure's id, or any `{ idTramite }`; the caller has already checked that the
 *                  user may see it (getTramiteForUser / tramiteScope): this service does not scope
 *   accionOEvento  an action of TRANSICIONES or an event of EVENTOS (packages/domain/src/tramites/workflow.ts)
 *   usuario        `{ idUsuario, idPerfil? }`: the profile is checked for actions (403), not for events
 *   opts.tipo          'M' | 'D': which observations 'enviar-observaciones' / 'enviar-respuestas' count
 *                      (when absent: the type of the caller's profile, 17 → M, 19 → D, else both)
 *   opts.estadoActual  the state the client saw (guard estadoEsperado: 409 ESTADO_CAMBIO when it moved)
 *   opts.nota          the caller's text, written before the state sentence in the same bitácora entry
 *   opts.efectos       `async (tx, r) => void`, run last, in the same transaction (e.g. mark observations sent)
 *
 * Steps: lock (SELECT … FOR UPDATE), profile, expected state, from-state, guards, UPDATE (state,
 * version + 1, fecha_act, id_usuario_act and the table's effects), bitácora, effects hook.
 * An action that may not run throws (403, 409, 422 with the Spanish messages of MSG_TRAMITE); an
 * event whose from-state or guard does not hold is a no-op and returns `aplicada: false`.
 */
import {
  type Accion,
  type EstadoTramite,
  type Evento,
  evento,
  MSG,
  MSG_TRAMITE,
  notaCambioEstado,
  reviewType,
  type TipoRevision,
  type Transicion,
  type TransicionEvento,
  transicion,
} from '@app/domain';
import type { Queryable } from '../../db/client.ts';
import { tramite as tramiteTabla } from '../../db/schema/index.ts';
import { badRequest, conflict, forbidden, notFound } from '../../lib/errors.ts';
import { columnas, consulta, type SQL, sql, una } from '../../lib/sql.ts';
import { writeBitacora } from './bitacora.ts';
import { efecto, guard, TIPO_TEXTO } from './guards.ts';

export type UsuarioFlujo = { idUsuario: number; idPerfil?: number };

export type TramiteFlujo = {
  idTramite: number;
  estadoTramite: EstadoTramite;
  frecuenciaCarga: string;
  numSemana: number;
  maxSemanas: number;
  tipoAsignacion: string;
};

export type Aplicada = {
  aplicada: boolean;
  /** The procedure as it was before (locked). */
  tramite: TramiteFlujo;
  desde: EstadoTramite;
  /** The state after (the same as `desde` when nothing changed or the action keeps the state). */
  hacia: EstadoTramite;
  transicion: Transicion | TransicionEvento;
  /** The action's success text (empty for events). */
  mensaje: string;
};

export type OpcionesAplicar = {
  tipo?: TipoRevision;
  estadoActual?: string;
  nota?: string;
  efectos?: (tx: Queryable, r: Aplicada) => Promise<void>;
};

/** What the workflow reads of a procedure (alias t). */
const FLUJO = columnas(tramiteTabla, 't', {
  solo: ['idTramite', 'estadoTramite', 'frecuenciaCarga', 'numSemana', 'maxSemanas', 'tipoAsignacion'],
});

export async function aplicar(
  tx: Queryable,
  tramite: number | { idTramite: number },
  accionOEvento: Accion | Evento,
  usuario: UsuarioFlujo,
  opts: OpcionesAplicar = {},
): Promise<Aplicada> {
  const accion = transicion(accionOEvento);
  const tr = accion ?? evento(accionOEvento);
  if (!tr) throw notFound();
  const id = typeof tramite === 'number' ? tramite : tramite.idTramite;
  const t = await una<TramiteFlujo>(
    tx,
    sql`SELECT ${FLUJO} FROM tramite t WHERE t.id_tramite = ${id} FOR UPDATE`,
  );
  if (!t) throw notFound();
  const desde = t.estadoTramite;
  const tipo = opts.tipo ?? (usuario.idPerfil === undefined ? null : reviewType(usuario.idPerfil));
  const nada: Aplicada = { aplicada: false, tramite: t, desde, hacia: desde, transicion: tr, mensaje: '' };

  if (accion) {
    if (usuario.idPerfil === undefined || !accion.perfiles.includes(usuario.idPerfil)) throw forbidden();
    if (accion.guards.includes('estadoEsperado') && !opts.estadoActual) {
      throw badRequest(MSG_TRAMITE.solicitudIncorrecta, {
        estadoActual: MSG.campoRequerido('Estado actual'),
      });
    }
    if (opts.estadoActual && opts.estadoActual !== desde) {
      throw conflict(MSG_TRAMITE.estadoCambio(opts.estadoActual, desde), 'ESTADO_CAMBIO');
    }
    if (!accion.desde.includes(desde)) {
      throw conflict(MSG_TRAMITE.accionNoPermitida(accion.label.toLowerCase(), desde), 'ESTADO_INVALIDO');
    }
  } else if (!tr.desde.includes(desde)) {
    return nada;
  }
  for (const g of tr.guards) {
    const fallo = await guard(tx, g, t, accion?.porTipo ? tipo : null);
    if (fallo && accion) throw fallo;
    if (fallo) return nada;
  }

  const sets: SQL[] = [sql`version = version + 1, fecha_act = now(), id_usuario_act = ${usuario.idUsuario}`];
  const notas = opts.nota ? [opts.nota] : [];
  if (tr.hacia) {
    sets.push(sql`estado_tramite = ${tr.hacia}`);
    if (accion) {
      const deTipo = accion.porTipo && tipo ? ` (${TIPO_TEXTO[tipo]})` : '';
      notas.push(notaCambioEstado(desde, tr.hacia).replace(/\.$/, `${deTipo}.`));
    } else notas.push((tr as TransicionEvento).nota);
  }
  for (const e of tr.efectos) {
    const x = efecto(e, t);
    sets.push(x.set);
    if (x.nota) notas.push(x.nota);
  }
  await consulta(tx, sql`UPDATE tramite SET ${sql.join(sets, sql.raw(', '))} WHERE id_tramite = ${id}`);
  await writeBitacora(tx, id, usuario.idUsuario, tr.bitacora, notas.join(' '));
  const r: Aplicada = {
    aplicada: true,
    tramite: t,
    desde,
    hacia: tr.hacia ?? desde,
    transicion: tr,
    mensaje: accion?.mensaje ?? '',
  };
  if (opts.efectos) await opts.efectos(tx, r);
  return r;
}

/**
 * Undo before sending (issue 14 §2): the provider annuls a procedure (decision 50) or deletes a valid
 * load (decision 51). Both confirmations name what is lost, from the same counts the API answers.
 */
import { z } from 'zod';
import { formatCount } from '../common/format.ts';

/** `GET /api/v1/tramites/:id/anulacion` → 200: what the procedure holds, for the confirmation. */
export const getTramitesByIdAnulacionResponse = z.object({
  estadoTramite: z.string(),
  /** Whether this user may annul it now (profile and state). */
  puedeAnular: z.boolean(),
  cargas: z.number().int(),
  atenciones: z.number().int(),
  lineas: z.number().int(),
  archivos: z.number().int(),
});
export type ResumenAnulacion = z.infer<typeof getTramitesByIdAnulacionResponse>;

/** `GET /api/v1/cargas/:id/eliminacion` → 200: what deleting the load removes, for the confirmation. */
export const getCargasByIdEliminacionResponse = z.object({
  idCarga: z.number().int(),
  nombreArchivo: z.string(),
  /** Whether this user may delete it now (profile, load and procedure state). */
  puedeEliminar: z.boolean(),
  /** Why not, in Spanish, when `puedeEliminar` is false. */
  motivo: z.string().nullable(),
  filas: z.number().int(),
  atenciones: z.number().int(),
  lineas: z.number().int(),
  archivos: z.number().int(),
});
export type ResumenEliminacionCarga = z.infer<typeof getCargasByIdEliminacionResponse>;

const cuenta = (n: number, uno: string, varios: string) =>
  n === 1 ? `1 ${uno}` : `${formatCount(n) || '0'} ${varios}`;

/** 'a, b y c' */
const lista = (partes: string[]) =>
  partes.length <= 1 ? (partes[0] ?? '') : `${partes.slice(0, -1).join(', ')} y ${partes[partes.length - 1]}`;

export const MSG_ANULACION = {
  anularTitulo: '¿Anular el trámite?',
  anularOk: 'Anular trámite',
  /** What annulling stops: nothing is deleted, but none of it will be sent or audited. */
  anularPerdida: (r: Pick<ResumenAnulacion, 'cargas' | 'atenciones' | 'lineas' | 'archivos'>) => {
    const partes = [
      cuenta(r.cargas, 'carga', 'cargas'),
      cuenta(r.atenciones, 'atención médica', 'atenciones médicas'),
      cuenta(r.lineas, 'línea de detalle', 'líneas de detalle'),
      cuenta(r.archivos, 'archivo de sustento', 'archivos de sustento'),
    ];
    return r.cargas + r.atenciones + r.archivos === 0
      ? 'El trámite todavía no tiene cargas ni atenciones médicas.'
      : `Se perderá el trabajo del trámite: ${lista(partes)} no podrán enviarse a la aseguradora.`;
  },
  anularConsecuencia:
    'El trámite quedará ANULADO: sale de las listas, no puede reactivarse y se conserva con su bitácora para auditoría.',
  eliminarCargaTitulo: '¿Eliminar la carga?',
  eliminarCargaOk: 'Eliminar carga',
  /** What deleting a load removes for good. */
  eliminarCargaPerdida: (
    r: Pick<ResumenEliminacionCarga, 'nombreArchivo' | 'filas' | 'atenciones' | 'lineas' | 'archivos'>,
  ) => {
    const partes = [cuenta(r.filas, 'fila de datos', 'filas de datos')];
    if (r.atenciones > 0)
      partes.push(cuenta(r.atenciones, 'atención médica organizada', 'atenciones médicas organizadas'));
    if (r.lineas > 0) partes.push(cuenta(r.lineas, 'línea de detalle', 'líneas de detalle'));
    if (r.archivos > 0) partes.push(cuenta(r.archivos, 'archivo de sustento', 'archivos de sustento'));
    return `Se eliminarán definitivamente la carga «${r.nombreArchivo}» y ${lista(partes)}.`;
  },
  eliminarCargaConsecuencia:
    'El trámite vuelve al paso que corresponda a lo que quede (por ejemplo REGISTRADO si no le queda ninguna carga). La eliminación queda en la bitácora.',
  /** A valid load of a procedure already sent. */
  cargaEnviada: 'Solo puede eliminarse una carga válida antes de enviar el trámite.',
  /** Bitácora of a deleted load. */
  bitacoraCargaEliminada: (
    idCarga: number,
    nombreArchivo: string,
    r: Pick<ResumenEliminacionCarga, 'atenciones' | 'archivos'>,
  ) =>
    `Carga ${idCarga} (${nombreArchivo}) eliminada${
      r.atenciones + r.archivos > 0
        ? ` con ${lista([
            ...(r.atenciones > 0 ? [cuenta(r.atenciones, 'atención médica', 'atenciones médicas')] : []),
            ...(r.archivos > 0 ? [cuenta(r.archivos, 'archivo de sustento', 'archivos de sustento')] : []),
          ])}`
        : ''
    }.`,
  /** Bitácora of an annulled procedure: what it held. */
  bitacoraAnulado: (r: Pick<ResumenAnulacion, 'cargas' | 'atenciones' | 'archivos'>) =>
    `Trámite anulado por el prestador con ${lista([
      cuenta(r.cargas, 'carga', 'cargas'),
      cuenta(r.atenciones, 'atención médica', 'atenciones médicas'),
      cuenta(r.archivos, 'archivo de sustento', 'archivos de sustento'),
    ])}.`,
} as const;

import crypto from 'node:crypto';
import { COLUMNAS_DATOS } from '@app/domain';
import { CED, CED_GYE, type Fila, fila as filaDatos } from '../../test/filas-datos.ts';

/*
 * Test helpers shared by the authorization and integration API tests: a valid data row (the ingest's
 * rules of docs/design-summary.md §6) and a multipart/form-data body built by hand.
 */

export type { Fila };

export const CEDULA_PACIENTE = CED;
export const CEDULA_MEDICO = CED_GYE;

/** One line item of attention `noPlanilla` on `fecha`; `idTramite` empty (the API creates the procedure). */
export const fila = (over: Partial<Fila> = {}): Fila =>
  filaDatos('', { noPlanilla: 'API-1', fSalida: '2026-03-02', diagSec: '', ...over });

/** Two attentions of two line items each, on the given day (`idTramite` empty unless given). */
export function lote(dia = '2026-03-02', idTramite = '', prefijo = 'API'): Fila[] {
  const f = (n: string, over: Partial<Fila> = {}) =>
    fila({
      idTramite,
      noPlanilla: `${prefijo}-${n}`,
      fIngreso: dia,
      fSalida: dia,
      fechaAtencion: dia,
      ...over,
    });
  return [
    f('1'),
    f('1', { noServicio: '85025', vSem: '7.90', tipo: 'L', cantidad: '2' }),
    f('2', { cedula1: CEDULA_MEDICO, nombre: 'ZAMBRANO LUIS', diagPri: 'I10' }),
    f('2', {
      cedula1: CEDULA_MEDICO,
      nombre: 'ZAMBRANO LUIS',
      diagPri: 'I10',
      noServicio: '99213',
      vSem: '20.30',
    }),
  ];
}

export const json = (rows: Fila[]) =>
  JSON.stringify(rows.map((r) => Object.fromEntries(COLUMNAS_DATOS.map((c) => [c, r[c]]))));

export { multipart, type Part } from '../../test/multipart.ts';

/** The smallest files each format accepts by content. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
export const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  crypto.randomBytes(32),
]);

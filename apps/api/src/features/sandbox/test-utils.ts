import crypto from 'node:crypto';
import { COLUMNAS_DATOS, type ColumnaDatos } from '@app/domain';
import { cedulaFrom } from '../../db/seed/demo.ts';

/*
 * Test helpers shared by the authorization and integration API tests: a valid data row (the ingest's
 * rules of docs/design-summary.md §6) and a multipart/form-data body built by hand.
 */

export type Fila = Record<ColumnaDatos, string>;

export const CEDULA_PACIENTE = cedulaFrom('171003406');
export const CEDULA_MEDICO = cedulaFrom('091234567');

/** One line item of attention `noPlanilla` on `fecha`; `idTramite` empty (the API creates the procedure). */
export function fila(over: Partial<Fila> = {}): Fila {
  const base: Fila = {
    idTramite: '',
    noPlanilla: 'API-1',
    cedula1: CEDULA_PACIENTE,
    cedula2: CEDULA_MEDICO,
    nombre: 'PÉREZ LOOR MARÍA JOSÉ',
    fIngreso: '2026-03-02',
    fSalida: '2026-03-02',
    diagPri: 'J06.9',
    diagSec: '',
    lMuerto: 'N',
    fTarifario: '1',
    noServicio: '99203',
    cantidad: '1',
    vSem: '25.50',
    vPaciente: '0',
    noModificador: '',
    nombreMedIns: 'DR. CARLOS VERA',
    tipo: 'P',
    fechaAtencion: '2026-03-02',
  };
  return { ...base, ...over };
}

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

export type Part =
  | { name: string; value: string }
  | { name: string; filename: string; content: Buffer | string };

export function multipart(parts: Part[]) {
  const boundary = `----prueba${crypto.randomBytes(8).toString('hex')}`;
  const chunks: Buffer[] = [];
  for (const p of parts) {
    chunks.push(Buffer.from(`--${boundary}\r\n`));
    if ('filename' in p) {
      chunks.push(
        Buffer.from(
          `Content-Disposition: form-data; name="${p.name}"; filename="${p.filename}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
        ),
      );
      chunks.push(Buffer.isBuffer(p.content) ? p.content : Buffer.from(p.content));
    } else {
      chunks.push(Buffer.from(`Content-Disposition: form-data; name="${p.name}"\r\n\r\n${p.value}`));
    }
    chunks.push(Buffer.from('\r\n'));
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return {
    payload: Buffer.concat(chunks),
    headers: { 'content-type': `multipart/form-data; boundary=${boundary}` },
  };
}

/** The smallest files each format accepts by content. */
export const PDF = Buffer.from('%PDF-1.4\n1 0 obj<<>>endobj\ntrailer<<>>\n%%EOF\n');
export const PNG = Buffer.concat([
  Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
  crypto.randomBytes(32),
]);

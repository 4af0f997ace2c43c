import { COLUMNAS_DATOS, type ColumnaDatos } from '@app/domain';
import { stringify } from 'csv-stringify/sync';
import { cedulaFrom } from '../db/seed/demo.ts';

/* Rows of the data file (the manual's columns) for the load, sandbox and integration tests. */

export type Fila = Record<ColumnaDatos, string>;
/** The patient's cédula (1710034065) and the doctor's (of Guayaquil). */
export const CED = cedulaFrom('171003406');
export const CED_GYE = cedulaFrom('091234567');

/** One valid line item (a consultation) of attention A-1 of procedure `idTramite`. */
export function fila(idTramite: number | string, over: Partial<Fila> = {}): Fila {
  return {
    idTramite: String(idTramite),
    noPlanilla: 'A-1',
    cedula1: CED,
    cedula2: CED_GYE,
    nombre: 'PÉREZ LOOR MARÍA JOSÉ',
    fIngreso: '2026-03-02',
    fSalida: '2026-03-03',
    diagPri: 'J06.9',
    diagSec: 'A09X',
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
    ...over,
  };
}

/** The rows as a CSV file with its header (semicolons and a BOM unless told). */
export const csv = (rows: Fila[], sep = ';', bom = true) =>
  stringify(
    rows.map((r) => COLUMNAS_DATOS.map((c) => r[c])),
    { delimiter: sep, bom, header: true, columns: [...COLUMNAS_DATOS], record_delimiter: 'windows' },
  );

/** One CSV line written without any quoting (to build broken files). */
export const crudo = (r: Fila) => COLUMNAS_DATOS.map((c) => r[c]).join(';');

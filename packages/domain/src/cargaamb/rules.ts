import { esCie10Valido, normalizarCie10, parseFecha } from '../cargas/validate.ts';

/** Ambulatory load (cargaamb): 5 diagnoses, 10 laboratories, 10 images (docs/spec-summary.md 002 §9). */
export const CARGA_AMB_DIAGNOSTICOS = 5;
export const CARGA_AMB_LABORATORIOS = 10;
export const CARGA_AMB_IMAGENES = 10;

const pad = (n: number) => String(n).padStart(2, '0');
export const COLUMNAS_DIAG = Array.from({ length: CARGA_AMB_DIAGNOSTICOS }, (_, i) => `diag${i + 1}`);
export const COLUMNAS_LAB = Array.from(
  { length: CARGA_AMB_LABORATORIOS },
  (_, i) => `laboratorio${pad(i + 1)}`,
);
export const COLUMNAS_IMG = Array.from({ length: CARGA_AMB_IMAGENES }, (_, i) => `imagen${pad(i + 1)}`);

/** Every column of the CSV (header case-insensitive), in the order of the record's form. */
export const COLUMNAS_CARGA_AMB = [
  'numero',
  'nombrePaciente',
  'codVal',
  'cedula',
  'tipo',
  'fecha',
  'horaDesde',
  'horaHasta',
  'motivo',
  ...COLUMNAS_DIAG,
  ...COLUMNAS_LAB,
  ...COLUMNAS_IMG,
] as const;

const OPCIONALES = new Set<string>(['codVal', ...COLUMNAS_DIAG.slice(1), ...COLUMNAS_LAB, ...COLUMNAS_IMG]);

/** Required columns of the CSV header: all but the validation code, diagnoses 2 to 5, laboratories and images. */
export const COLUMNAS_CARGA_AMB_REQUERIDAS: readonly string[] = COLUMNAS_CARGA_AMB.filter(
  (c) => !OPCIONALES.has(c),
);

export const ETIQUETAS_CARGA_AMB: Record<string, string> = {
  numero: 'Número',
  nombrePaciente: 'Nombre paciente',
  codVal: 'Código de validación',
  cedula: 'Cédula',
  tipo: 'Tipo',
  fecha: 'Fecha',
  horaDesde: 'Hora desde',
  horaHasta: 'Hora hasta',
  motivo: 'Motivo',
};
for (const [i, c] of COLUMNAS_DIAG.entries()) ETIQUETAS_CARGA_AMB[c] = `Diagnóstico ${i + 1}`;
for (const [i, c] of COLUMNAS_LAB.entries()) ETIQUETAS_CARGA_AMB[c] = `Laboratorio ${i + 1}`;
for (const [i, c] of COLUMNAS_IMG.entries()) ETIQUETAS_CARGA_AMB[c] = `Imagen ${i + 1}`;

/** The canonical column of a header cell (any case, spaces and underscores ignored). */
export function columnaCargaAmb(header: string): string | undefined {
  const h = header
    .trim()
    .toLowerCase()
    .replace(/[\s_]+/g, '');
  return COLUMNAS_CARGA_AMB.find((c) => c.toLowerCase() === h);
}

export type FilaCargaAmb = {
  numero: string;
  nombrePaciente: string;
  codVal: string | null;
  cedula: string;
  tipo: string;
  fecha: string;
  horaDesde: string;
  horaHasta: string;
  motivo: string;
  diagnosticos: (string | null)[];
  laboratorios: (string | null)[];
  imagenes: (string | null)[];
};

const HORA = /^([01]?\d|2[0-3]):([0-5]\d)$/;
const normHora = (v: string) => {
  const m = HORA.exec(v);
  return m ? `${m[1].padStart(2, '0')}:${m[2]}` : null;
};

const MAX: Record<string, number> = { numero: 40, nombrePaciente: 200, codVal: 40, tipo: 40, motivo: 500 };

/**
 * Checks one CSV row (cells by canonical column) and returns it normalised (upper-case text,
 * `YYYY-MM-DD`, `HH:mm`, CIE-10 without dot) or the Spanish reasons it is refused. Whether the
 * diagnoses exist in the catalogue is checked afterwards against the database, for all rows at once.
 */
export function validarFilaCargaAmb(cells: Record<string, string>): {
  fila: FilaCargaAmb | null;
  errores: string[];
} {
  const errores: string[] = [];
  const v = (c: string) => (cells[c] ?? '').trim();
  for (const c of COLUMNAS_CARGA_AMB_REQUERIDAS) {
    if (!v(c)) errores.push(`${ETIQUETAS_CARGA_AMB[c]} es obligatorio.`);
  }
  for (const [c, max] of Object.entries(MAX)) {
    if (v(c).length > max) errores.push(`${ETIQUETAS_CARGA_AMB[c]} admite como máximo ${max} caracteres.`);
  }
  const cedula = v('cedula');
  if (cedula && !/^\d{10}$/.test(cedula)) errores.push('Cédula debe tener 10 dígitos.');
  const fecha = v('fecha') ? parseFecha(v('fecha')) : null;
  if (v('fecha') && !fecha)
    errores.push(`Fecha "${v('fecha')}" no es una fecha válida (AAAA-MM-DD o dd/MM/aaaa).`);
  const desde = v('horaDesde') ? normHora(v('horaDesde')) : null;
  const hasta = v('horaHasta') ? normHora(v('horaHasta')) : null;
  if (v('horaDesde') && !desde) errores.push(`Hora desde "${v('horaDesde')}" no es una hora válida (HH:mm).`);
  if (v('horaHasta') && !hasta) errores.push(`Hora hasta "${v('horaHasta')}" no es una hora válida (HH:mm).`);
  if (desde && hasta && desde > hasta) errores.push('Hora hasta debe ser igual o posterior a hora desde.');
  const diagnosticos = COLUMNAS_DIAG.map((c) => {
    const raw = v(c);
    if (!raw) return null;
    if (!esCie10Valido(raw)) {
      errores.push(`${ETIQUETAS_CARGA_AMB[c]} "${raw}" no es un código CIE-10 válido.`);
      return null;
    }
    return normalizarCie10(raw);
  });
  const texto = (c: string) => (v(c) ? v(c).toUpperCase().slice(0, 200) : null);
  if (errores.length) return { fila: null, errores };
  return {
    fila: {
      numero: v('numero').toUpperCase(),
      nombrePaciente: v('nombrePaciente').toUpperCase(),
      codVal: v('codVal') ? v('codVal').toUpperCase() : null,
      cedula,
      tipo: v('tipo').toUpperCase(),
      fecha: fecha!,
      horaDesde: desde!,
      horaHasta: hasta!,
      motivo: v('motivo').toUpperCase(),
      diagnosticos,
      laboratorios: COLUMNAS_LAB.map(texto),
      imagenes: COLUMNAS_IMG.map(texto),
    },
    errores: [],
  };
}

/** 'Fila 3: Cédula debe tener 10 dígitos.' (row numbers count the header as row 1, as a spreadsheet shows them). */
export const errorDeFila = (fila: number, mensaje: string) => `Fila ${fila}: ${mensaje}`;

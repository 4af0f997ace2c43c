import type { z } from 'zod';
import { ESTADOS_CARGA_AUTORIZACION } from '../autorizaciones/rules.ts';
import { candidatosNumeroAtencion } from '../herramientas/manual-datos.ts';
import type { EstadoTramite } from '../tramites/workflow.ts';
import type { resultadoArchivosSchema } from './responses.ts';

/*
 * Rules of the supporting files of the attentions (issue 6): which files are accepted, how a file
 * finds its attention, and the ZIP layouts. The web filters with these before uploading and the API
 * enforces them again.
 */

export const MAX_BYTES_DOCUMENTO = 20 * 1024 * 1024;
export const MAX_ARCHIVOS_CARGA = 20_000;

export const MIME_DOCUMENTO = ['application/pdf', 'image/jpeg', 'image/png'] as const;
export type MimeDocumento = (typeof MIME_DOCUMENTO)[number];

export const EXTENSIONES_DOCUMENTO: Readonly<Record<string, MimeDocumento>> = {
  pdf: 'application/pdf',
  jpg: 'image/jpeg',
  jpeg: 'image/jpeg',
  png: 'image/png',
};

export const EXTENSION_DE_MIME: Readonly<Record<MimeDocumento, string>> = {
  'application/pdf': 'pdf',
  'image/jpeg': 'jpg',
  'image/png': 'png',
};

/** Bytes of the content to read to recognise its type. */
export const BYTES_FIRMA = 8;

/** The document type by content (magic bytes): `%PDF-`, JPEG SOI + marker, the PNG signature. */
export function tipoPorFirma(b: Uint8Array): MimeDocumento | null {
  if (b.length >= 5 && b[0] === 0x25 && b[1] === 0x50 && b[2] === 0x44 && b[3] === 0x46 && b[4] === 0x2d)
    return 'application/pdf';
  if (b.length >= 3 && b[0] === 0xff && b[1] === 0xd8 && b[2] === 0xff) return 'image/jpeg';
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (b.length >= 8 && png.every((x, i) => b[i] === x)) return 'image/png';
  return null;
}

export const extensionArchivo = (nombre: string) =>
  (nombre.split(/[\\/]/).pop() ?? '').toLowerCase().match(/\.([a-z0-9]+)$/)?.[1] ?? '';

/** Whether the name has an accepted extension (the client's first filter; the content decides). */
export const extensionPermitida = (nombre: string) => extensionArchivo(nombre) in EXTENSIONES_DOCUMENTO;

/** Previewable inside the app. */
export const esPrevisualizable = (tipo: string | null | undefined) =>
  !!tipo && (MIME_DOCUMENTO as readonly string[]).includes(tipo);

/** States of the procedure in which the provider may upload files (docs/design-summary.md §5). */
export const ESTADOS_CARGA_ARCHIVOS: readonly EstadoTramite[] = ['ESTRUCTURADO', 'DOCUMENTADO'];

/**
 * States in which a load of this type takes files: a load under an authorization takes them in every
 * state its data may be loaded in (decisions 24), the others while ESTRUCTURADO or DOCUMENTADO. The
 * API refuses the rest and the loads panel and the authorization screen offer the upload from this.
 */
export const estadosArchivos = (tipoCarga: string | null | undefined): readonly EstadoTramite[] =>
  tipoCarga === 'A' ? ESTADOS_CARGA_AUTORIZACION : ESTADOS_CARGA_ARCHIVOS;

/**
 * The user's file name as metadata: the last path segment, without control or bidi characters,
 * at most 300 characters. It is never used as a path.
 */
export function nombreVisible(nombre: string): string {
  const base = (nombre.replace(/\\/g, '/').split('/').pop() ?? '')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .trim()
    .slice(0, 300);
  return base === '.' || base === '..' || !base ? 'archivo' : base;
}

/** Same, keeping the folders inside the chosen folder ('sub/123.pdf'), for the result lists. */
export function rutaVisible(nombre: string): string {
  const parts = nombre
    .replace(/\\/g, '/')
    .split('/')
    .map((p) => p.replace(/[\p{Cc}\p{Cf}]/gu, '').trim())
    .filter((p) => p && p !== '.' && p !== '..');
  return parts.join('/').slice(-300) || 'archivo';
}

/**
 * The attention a file belongs to: the longest candidate of its name (see candidatosNumeroAtencion)
 * that is an attention number of the load, compared without case. `numeros` maps the upper-cased
 * number to the attention.
 */
export function planillaDeArchivo<T>(nombre: string, numeros: ReadonlyMap<string, T>): T | undefined {
  for (const c of candidatosNumeroAtencion(nombreVisible(nombre))) {
    const hit = numeros.get(c.toUpperCase());
    if (hit !== undefined) return hit;
  }
  return undefined;
}

// ---------------------------------------------------------------------------------------------------
// ZIP downloads (docs/spec-summary.md 000 §9): a folder per attention, per date, per date and specialty; the whole
// procedure.

export const AGRUPACIONES_ZIP = ['atencion', 'fecha', 'fecha-especialidad'] as const;
export type AgrupacionZip = (typeof AGRUPACIONES_ZIP)[number];

export const OPCIONES_ZIP: readonly { agrupar: AgrupacionZip; label: string; sufijo: string }[] = [
  { agrupar: 'atencion', label: 'ZIP Carpetas', sufijo: 'carpetas_atenciones' },
  { agrupar: 'fecha', label: 'ZIP Carpetas día', sufijo: 'carpetas_por_fecha' },
  {
    agrupar: 'fecha-especialidad',
    label: 'ZIP Carpetas día y especialidad',
    sufijo: 'carpetas_por_fecha_y_especialidad',
  },
];

/** `{idTramite}_carpetas_atenciones.zip`, ...; the whole procedure (no load) `{idTramite}_archivos_tramite.zip`. */
export function nombreZip(idTramite: number, agrupar: AgrupacionZip, todoElTramite = false): string {
  if (todoElTramite) return `${idTramite}_archivos_tramite.zip`;
  const o = OPCIONES_ZIP.find((x) => x.agrupar === agrupar) ?? OPCIONES_ZIP[0];
  return `${idTramite}_${o.sufijo}.zip`;
}

/** A folder name from free text: no separators, no control characters, no leading dots. */
export function carpetaZip(texto: string | null | undefined, vacio = 'SIN DATO'): string {
  const s = (texto ?? '')
    .replace(/[\p{Cc}\p{Cf}]/gu, '')
    .replace(/[\\/:*?"<>|]/g, '_')
    .replace(/^\.+/, '')
    .trim()
    .slice(0, 120);
  return s || vacio;
}

/** One-column CSV of a result list (docs/spec-summary.md 000 §8), with a UTF-8 BOM for Excel. */
export function csvUnaColumna(titulo: string, valores: readonly string[]): string {
  const q = (v: string) => (/[";\n\r]/.test(v) ? `"${v.replace(/"/g, '""')}"` : v);
  return `\uFEFF${[titulo, ...valores].map(q).join('\r\n')}\r\n`;
}

export const LISTAS_RESULTADO = ['archivosCargados', 'archivosDuplicados', 'planillasNoEncontradas'] as const;
export type ListaResultado = (typeof LISTAS_RESULTADO)[number];

export type ResultadoArchivos = z.input<typeof resultadoArchivosSchema>;

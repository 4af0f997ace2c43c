import { z } from 'zod';
import { checkRuc } from '../common/validators.ts';
import { optionalId, optionalText, req, requiredId, requiredText } from './fields.ts';
import { MSG_ADMIN } from './messages.ts';

/**
 * RUC of a company or provider: 13 digits; a natural person's (third digit below 6) must carry a
 * valid cédula, else an error; a company's (third digit 6 or 9) is accepted with a warning only.
 */
export function rucCheck(value: string): { error?: string; warning?: string } {
  const r = checkRuc(value.trim());
  if (!r.valid) return { error: MSG_ADMIN.rucInvalido };
  return r.warning ? { warning: r.warning } : {};
}

/** The warning of a RUC field (a company's: verify it with the SRI), for a declaration's or a form's `warning`. */
export const avisoRuc =
  (field: string) =>
  (values: Readonly<Record<string, unknown>>): string | null => {
    const v = values[field];
    return typeof v === 'string' ? (rucCheck(v).warning ?? null) : null;
  };

export const rucField = (label = 'RUC') =>
  z
    .string({ error: req(label) })
    .trim()
    .min(1, req(label))
    .regex(/^\d+$/, MSG_ADMIN.soloDigitos(label))
    .refine((v) => !rucCheck(v).error, MSG_ADMIN.rucInvalido);

/** Company form: the RUC is its documento. */
export const empresaSchema = z.object({
  nombreCorto: requiredText('Nombre corto', 60, { upper: true }),
  documento: rucField('RUC'),
  razonSocial: requiredText('Razón social', 200, { upper: true }),
  nombre: requiredText('Nombre', 200, { upper: true }),
  direccion: optionalText('Dirección', 300, { upper: true }),
  idLocalidad: optionalId(),
});
export type EmpresaInput = z.input<typeof empresaSchema>;

/** Communication medium of a company (docs/spec-summary.md 002 "Company communication media"). */
export const medioEmpSchema = z.object({
  idMedioCom: requiredId('Medio'),
  descripcion: requiredText('Descripción', 300),
});

/** Company images: PNG or JPEG by content, at most 2 MB. */
export const IMAGEN_MAX_BYTES = 2 * 1024 * 1024;
export const IMAGEN_TIPOS = ['image/png', 'image/jpeg'] as const;
export type ImagenTipo = (typeof IMAGEN_TIPOS)[number];

/** The image type by its first bytes (magic numbers), never by its name. */
export function sniffImagen(head: Uint8Array): ImagenTipo | null {
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (head.length >= 8 && png.every((b, i) => head[i] === b)) return 'image/png';
  if (head.length >= 3 && head[0] === 0xff && head[1] === 0xd8 && head[2] === 0xff) return 'image/jpeg';
  return null;
}

export const imagenNombreSchema = optionalText('Nombre', 200);

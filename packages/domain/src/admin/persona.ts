import { z } from 'zod';
import { todayIso } from '../common/format.ts';
import { EMAIL_RE, isIsoDate, isValidCedula, NAME_RE } from '../common/validators.ts';
import { MSG } from '../messages.ts';
import { req, requiredId, requiredText, whenObject } from './fields.ts';
import { MSG_ADMIN } from './messages.ts';

/** Characters a name field keeps while typing: letters (with accents and Ñ) and spaces. */
export const stripNameChars = (value: string) => value.replace(/[^A-Za-zÁÉÍÓÚÜÑáéíóúüñ ]+/g, '');

/** Digits only, cut at `max`. */
export const stripNonDigits = (value: string, max?: number) => {
  const d = value.replace(/\D+/g, '');
  return max === undefined ? d : d.slice(0, max);
};

export const SEXOS = [
  { value: 'M', label: 'Masculino' },
  { value: 'F', label: 'Femenino' },
] as const;

export const PERSONA_LABELS = {
  idTipoIden: 'Tipo de identificación',
  documento: 'Documento',
  idEstadoCivil: 'Estado civil',
  fechaNac: 'Fecha de nacimiento',
  sexo: 'Sexo',
  telefono: 'Teléfono',
  primerNombre: 'Primer nombre',
  segundoNombre: 'Segundo nombre',
  primerApellido: 'Primer apellido',
  segundoApellido: 'Segundo apellido',
  idLocalidad: 'Localidad',
  email: 'Correo electrónico',
  direccion: 'Dirección',
} as const;
export type PersonaField = keyof typeof PERSONA_LABELS;

/** A person's names, first name first (its full name, the label of a reference to it). */
export const PERSONA_NOMBRES = [
  'primerNombre',
  'segundoNombre',
  'primerApellido',
  'segundoApellido',
] as const;

const L = PERSONA_LABELS;

/** A person's name (the person form, the self-registration): letters and spaces, stored upper-case. */
export const nameField = (label: string) =>
  z
    .string({ error: req(label) })
    .trim()
    .min(1, req(label))
    .max(60, MSG_ADMIN.maximo(label, 60))
    .regex(NAME_RE, MSG_ADMIN.soloLetras(label))
    .transform((v) => v.replace(/\s+/g, ' ').toUpperCase());

/**
 * Person form of docs/spec-summary.md 002 §5, the one schema of the web form and the API. Every field is required;
 * names letters only (accents and Ñ), documento exactly 10 digits and, when the type is cédula,
 * a valid Ecuadorian cédula; teléfono up to 10 digits; text stored and shown upper-case.
 * `idTipoIdenCedula` is the id of the cédula type in this database (tipo_iden codigo 'C').
 */
export function personaSchema(opts: { idTipoIdenCedula: number | null }) {
  return z
    .object({
      idTipoIden: requiredId(L.idTipoIden),
      documento: z
        .string({ error: req(L.documento) })
        .trim()
        .min(1, req(L.documento))
        .regex(/^\d+$/, MSG_ADMIN.soloDigitos(L.documento))
        .length(10, MSG_ADMIN.documento10),
      idEstadoCivil: requiredId(L.idEstadoCivil),
      fechaNac: z
        .string({ error: req(L.fechaNac) })
        .min(1, req(L.fechaNac))
        .refine(isIsoDate, MSG_ADMIN.fechaInvalida(L.fechaNac))
        .refine((v) => v >= '1900-01-01', MSG_ADMIN.fechaInvalida(L.fechaNac))
        .refine((v) => v <= todayIso(), MSG_ADMIN.fechaFutura),
      sexo: z.enum(['M', 'F'], { error: MSG_ADMIN.sexoRequerido }),
      telefono: z
        .string({ error: req(L.telefono) })
        .trim()
        .min(1, req(L.telefono))
        .regex(/^\d+$/, MSG_ADMIN.soloDigitos(L.telefono))
        .max(10, MSG_ADMIN.telefonoMax),
      primerNombre: nameField(L.primerNombre),
      segundoNombre: nameField(L.segundoNombre),
      primerApellido: nameField(L.primerApellido),
      segundoApellido: nameField(L.segundoApellido),
      idLocalidad: requiredId(L.idLocalidad),
      email: z
        .string({ error: req(L.email) })
        .trim()
        .min(1, req(L.email))
        .max(160, MSG_ADMIN.maximo(L.email, 160))
        .regex(EMAIL_RE, MSG.correoInvalido)
        .transform((v) => v.toLowerCase()),
      direccion: requiredText(L.direccion, 300, { upper: true }),
    })
    .superRefine(
      (v, ctx) => {
        if (
          opts.idTipoIdenCedula !== null &&
          Number(v.idTipoIden) === opts.idTipoIdenCedula &&
          typeof v.documento === 'string' &&
          /^\d{10}$/.test(v.documento.trim()) &&
          !isValidCedula(v.documento.trim())
        ) {
          ctx.addIssue({ code: 'custom', path: ['documento'], message: MSG_ADMIN.cedulaInvalida });
        }
      },
      // The cédula message shows together with the other fields' messages.
      whenObject,
    );
}
export type PersonaInput = z.input<ReturnType<typeof personaSchema>>;
export type Persona = z.output<ReturnType<typeof personaSchema>>;

/** 'PRIMER SEGUNDO PRIMERAPELLIDO SEGUNDOAPELLIDO' as the spec's nombreCompleto. */
export const nombreCompleto = (p: {
  primerNombre?: string | null;
  segundoNombre?: string | null;
  primerApellido?: string | null;
  segundoApellido?: string | null;
}) =>
  [p.primerNombre, p.segundoNombre, p.primerApellido, p.segundoApellido].filter((x) => x?.trim()).join(' ');

/** Doctor form: documento required; the specialty is required in the wizard (and here). */
export const medicoSchema = z.object({
  idPersona: requiredId('Persona'),
  idEspecialidad: requiredId('Especialidad'),
  documento: requiredText('Documento', 20, { upper: true }),
});
export type MedicoInput = z.input<typeof medicoSchema>;

import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from '../auth/password.ts';
import { type Flags, USER_FLAGS, type UserFlag } from '../auth/profiles.ts';
import { EMAIL_RE } from '../common/validators.ts';
import { MSG } from '../messages.ts';
import { optionalId, req, requiredId } from './fields.ts';
import { MSG_ADMIN } from './messages.ts';

const flagShape = Object.fromEntries(USER_FLAGS.map((f) => [f, z.boolean().optional()])) as Record<
  UserFlag,
  z.ZodOptional<z.ZodBoolean>
>;

/** The login name: an e-mail, stored lower-case so the unique index catches duplicates in any case. */
export const loginEmail = (label = 'Usuario') =>
  z
    .string({ error: req(label) })
    .trim()
    .min(1, req(label))
    .max(160, MSG_ADMIN.maximo(label, 160))
    .regex(EMAIL_RE, MSG.correoInvalido)
    .transform((v) => v.toLowerCase());

const password = z
  .string({ error: req('Contraseña') })
  .trim()
  .min(1, req('Contraseña'))
  .min(MIN_PASSWORD_LENGTH, MSG.claveMuyCorta)
  .max(200, MSG_ADMIN.maximo('Contraseña', 200));

const base = {
  idPerfil: requiredId('Perfil'),
  idSuscripcion: requiredId('Suscripción'),
  idPersona: optionalId(),
  nombre: loginEmail('Usuario'),
  ...flagShape,
};

/**
 * User form of docs/spec-summary.md 002 (User administration): profile, subscription, name and password required.
 * Flags left out are copied from the chosen profile; the company and the stamps come from the session.
 */
export const usuarioCreateSchema = z.object({ ...base, clave: password });

/** On update the password is optional: empty keeps the current one. */
export const usuarioUpdateSchema = z.object({
  ...base,
  clave: z.preprocess((v) => (typeof v === 'string' && v.trim() === '' ? undefined : v), password.optional()),
});
export type UsuarioCreateInput = z.input<typeof usuarioCreateSchema>;

/** The flags present in a body (the rest come from the profile). */
export function pickFlags(body: Partial<Record<UserFlag, boolean | undefined>>): Partial<Flags> {
  const out: Partial<Flags> = {};
  for (const f of USER_FLAGS) if (typeof body[f] === 'boolean') out[f] = body[f];
  return out;
}

/** Flags grouped as the user form shows them: modules, menus and options. */
export const FLAG_GROUPS: { title: string; flags: readonly UserFlag[] }[] = [
  {
    title: 'Módulos',
    flags: [
      'moduloAdministracion',
      'moduloAtencion',
      'moduloAuditoria',
      'moduloFacturacion',
      'moduloDashboards',
    ],
  },
  { title: 'Menús', flags: ['menuParametros', 'menuProcesos', 'menuReportes', 'menuAyuda'] },
  { title: 'Opciones', flags: ['opcionConsulta', 'opcionOperaciones', 'opcionDescarga', 'opcionMenu'] },
];

/** A user as every API answers it: never its password hash nor its 2FA secret. */
export type UsuarioView = Flags & {
  idUsuario: number;
  idEmpresa: number;
  empresaNombre: string;
  idPerfil: number;
  perfilNombre: string;
  idSuscripcion: number | null;
  idPersona: number | null;
  personaDocumento: string | null;
  personaNombre: string | null;
  nombre: string;
  activo: boolean;
  fechaReg: string;
  fechaAct: string | null;
  idUsuarioReg: number | null;
  idUsuarioAct: number | null;
};

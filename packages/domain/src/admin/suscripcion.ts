import { z } from 'zod';
import { MIN_PASSWORD_LENGTH } from '../auth/password.ts';
import { isValidCedula } from '../common/validators.ts';
import { MSG } from '../messages.ts';
import { rucField } from './empresa.ts';
import { checkDateRange, req, requiredDate, requiredId, requiredText, whenObject } from './fields.ts';
import { MSG_ADMIN } from './messages.ts';
import { nameField } from './persona.ts';
import { loginEmail } from './usuario.ts';

export const ESTADO_VIGENTE = 'VIGENTE';

/** Types of subscription audit rows. */
export const TIPOS_SUSCRIPCION_AUD = {
  REGISTRO: 'Registro',
  CREACION: 'Creación',
  MODIFICACION: 'Modificación',
  RENOVACION: 'Renovación',
} as const;
export type TipoSuscripcionAud = keyof typeof TIPOS_SUSCRIPCION_AUD;

/** Subscription form: plan, payment method, number (upper-case) and period (docs/spec-summary.md 002 §5). */
export const suscripcionSchema = z
  .object({
    idPlan: requiredId('Plan'),
    idFormaPago: requiredId('Forma de pago'),
    numero: requiredText('Número', 40, { upper: true }),
    fechaDesde: requiredDate('Fecha desde'),
    fechaHasta: requiredDate('Fecha hasta'),
  })
  .superRefine(checkDateRange, whenObject);

export const ESTADOS_PAGO = ['PENDIENTE', 'PAGADO', 'ANULADO'] as const;

/** Subscription payment: subscription, invoice, state and period. */
export const suscPagoSchema = z
  .object({
    idSuscripcion: requiredId('Suscripción'),
    idFactura: requiredId('Factura'),
    estadoPago: z.enum(ESTADOS_PAGO, { error: req('Estado de pago') }),
    fechaDesde: requiredDate('Fecha desde'),
    fechaHasta: requiredDate('Fecha hasta'),
  })
  .superRefine(checkDateRange, whenObject);

/** `desde` plus `meses` months, minus one day: the last day of a subscription period. */
export function finDePeriodo(desde: string, meses: number): string {
  const [y, m, d] = desde.split('-').map(Number);
  const target = new Date(Date.UTC(y, m - 1 + meses, 1));
  const lastDay = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth() + 1, 0)).getUTCDate();
  const end = new Date(Date.UTC(target.getUTCFullYear(), target.getUTCMonth(), Math.min(d, lastDay)));
  end.setUTCDate(end.getUTCDate() - 1);
  return end.toISOString().slice(0, 10);
}

/** The day after `fecha`. */
export function diaSiguiente(fecha: string): string {
  const d = new Date(`${fecha}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

const acepta = z.literal(true, { error: MSG_ADMIN.terminosRequeridos });

/** Fields of each registration step, so a step can be checked on its own before going on. */
export const REGISTRO_PASOS = {
  plan: ['idPlan'],
  terminos: ['aceptaTerminos'],
  usuario: [
    'razonSocial',
    'nombreCorto',
    'ruc',
    'primerNombre',
    'segundoNombre',
    'primerApellido',
    'segundoApellido',
    'cedula',
    'email',
    'clave',
    'confirmacion',
  ],
  formaPago: ['idFormaPago'],
} as const;

/**
 * Public registration (docs/spec-summary.md 001 §2.1, /Registro01Plan … /Registro05Completo): plan, accepted terms,
 * company (razón social, nombre corto, RUC), person (names, cédula), user (e-mail, password twice)
 * and payment method, sent once at the end.
 */
export const registroSchema = z
  .object({
    idPlan: requiredId('Plan'),
    aceptaTerminos: acepta,
    razonSocial: requiredText('Razón social', 200, { upper: true }),
    nombreCorto: requiredText('Nombre corto', 60, { upper: true }),
    ruc: rucField('RUC'),
    primerNombre: nameField('Primer nombre'),
    segundoNombre: nameField('Segundo nombre'),
    primerApellido: nameField('Primer apellido'),
    segundoApellido: nameField('Segundo apellido'),
    cedula: z
      .string({ error: req('Cédula') })
      .trim()
      .min(1, req('Cédula'))
      .regex(/^\d{10}$/, MSG_ADMIN.documento10)
      .refine(isValidCedula, MSG_ADMIN.cedulaInvalida),
    email: loginEmail('Correo electrónico'),
    clave: z
      .string({ error: req('Contraseña') })
      .trim()
      .min(1, req('Contraseña'))
      .min(MIN_PASSWORD_LENGTH, MSG.claveMuyCorta)
      .max(200),
    confirmacion: z
      .string({ error: MSG.claveConfirmacionRequerida })
      .trim()
      .min(1, MSG.claveConfirmacionRequerida),
    idFormaPago: requiredId('Forma de pago'),
  })
  .superRefine((v, ctx) => {
    if (typeof v.clave === 'string' && typeof v.confirmacion === 'string' && v.confirmacion.trim()) {
      if (v.clave.trim() !== v.confirmacion.trim())
        ctx.addIssue({ code: 'custom', path: ['confirmacion'], message: MSG_ADMIN.clavesNoCoinciden });
    }
  }, whenObject);
export type RegistroInput = z.input<typeof registroSchema>;

/** Renewal (/Renovacion01Plan … 04Completo) of the signed-in administrator's subscription. */
export const renovacionSchema = z.object({
  idPlan: requiredId('Plan'),
  aceptaTerminos: acepta,
  idFormaPago: requiredId('Forma de pago'),
});

/** Terms shown at /Registro02TC and /Renovacion02TC. */
export const TERMINOS_CONDICIONES = [
  'El servicio permite a la empresa suscriptora registrar trámites de atenciones médicas, auditarlos y gestionar su pago.',
  'La suscripción es válida por la duración del plan elegido, desde la fecha de registro o de renovación, y se renueva a solicitud del administrador.',
  'La empresa es responsable de la veracidad de los datos registrados y de mantener la confidencialidad de las contraseñas de sus usuarios.',
  'Los datos de pacientes se tratan conforme a la Ley Orgánica de Protección de Datos Personales del Ecuador y solo se usan para la auditoría y el pago de las atenciones.',
  'El valor del plan se factura según la forma de pago elegida; la falta de pago puede suspender el acceso al vencer el período.',
  'Toda actividad queda registrada (sesiones, accesos y cambios) para fines de auditoría y seguridad.',
] as const;

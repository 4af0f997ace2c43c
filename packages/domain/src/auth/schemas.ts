import { z } from 'zod';
import { MSG } from '../messages.ts';
import { newPasswordSchema } from './password.ts';

export const loginSchema = z.object({
  usuario: z
    .string({ error: MSG.campoRequerido('Usuario') })
    .trim()
    .min(1, MSG.campoRequerido('Usuario')),
  clave: z.string({ error: MSG.campoRequerido('Contraseña') }).min(1, MSG.campoRequerido('Contraseña')),
  codigo: z
    .string()
    .regex(/^\d{6}$/, MSG.codigo2faInvalido)
    .optional(),
});

export const forgotPasswordSchema = z.object({
  usuario: z
    .string({ error: MSG.campoRequerido('Usuario') })
    .trim()
    .min(1, MSG.campoRequerido('Usuario')),
});

export const resetPasswordSchema = z
  .object({
    token: z.string().min(10, MSG.enlaceInvalido),
    nuevaClave: newPasswordSchema,
    confirmacion: z.string(),
  })
  .refine((v) => v.nuevaClave.trim() === v.confirmacion.trim(), {
    path: ['confirmacion'],
    message: MSG.clavesNoCoinciden,
  });

export const totpConfirmSchema = z.object({ codigo: z.string().regex(/^\d{6}$/, MSG.codigo2faInvalido) });

/**
 * Proof of the current second factor before it is replaced or removed (issue 11 item 9): the
 * current 6-digit code or the account's password.
 */
export const totpProofFields = z.object({
  codigo: z
    .string()
    .regex(/^\d{6}$/, MSG.codigo2faInvalido)
    .optional(),
  clave: z.string().min(1).max(200).optional(),
});
export const totpProofSchema = totpProofFields.refine(
  (v) => v.codigo !== undefined || v.clave !== undefined,
  {
    path: ['codigo'],
    message: MSG.codigo2faOClaveRequerido,
  },
);
export type TotpProof = z.infer<typeof totpProofSchema>;

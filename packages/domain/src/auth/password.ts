import { z } from 'zod';
import { MSG } from '../messages.ts';

export const MIN_PASSWORD_LENGTH = 8;

/**
 * The five messages of docs/spec-summary.md 001 §5, checked in this order. Inputs are trimmed. Returns the first
 * failing message, or null when the change may proceed.
 */
export function passwordChangeError(input: {
  claveActual?: string;
  nuevaClave?: string;
  confirmacion?: string;
}): { field: 'claveActual' | 'nuevaClave' | 'confirmacion'; message: string } | null {
  const actual = (input.claveActual ?? '').trim();
  const nueva = (input.nuevaClave ?? '').trim();
  const confirmacion = (input.confirmacion ?? '').trim();
  if (!actual) return { field: 'claveActual', message: MSG.claveActualRequerida };
  if (!nueva) return { field: 'nuevaClave', message: MSG.claveNuevaRequerida };
  if (!confirmacion) return { field: 'confirmacion', message: MSG.claveConfirmacionRequerida };
  if (nueva !== confirmacion) return { field: 'confirmacion', message: MSG.clavesNoCoinciden };
  if (nueva.length < MIN_PASSWORD_LENGTH) return { field: 'nuevaClave', message: MSG.claveMuyCorta };
  return null;
}

/** A new password on its own (reset link, user creation): required and at least 8 characters. */
export const newPasswordSchema = z
  .string({ error: MSG.claveNuevaRequerida })
  .trim()
  .min(1, MSG.claveNuevaRequerida)
  .min(MIN_PASSWORD_LENGTH, MSG.claveMuyCorta);

export const changePasswordSchema = z
  .object({
    claveActual: z.string().optional(),
    nuevaClave: z.string().optional(),
    confirmacion: z.string().optional(),
  })
  .superRefine((v, ctx) => {
    const err = passwordChangeError(v);
    if (err) ctx.addIssue({ code: 'custom', path: [err.field], message: err.message });
  });

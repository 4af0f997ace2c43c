import { z } from 'zod';
import { MSG } from '../messages.ts';

/** The largest value of an integer (int4) column. */
export const INT4_MAX = 2_147_483_647;

/** A positive int4 id, every failure said with `message`. */
export const idCon = (message: string) =>
  z.coerce.number({ error: message }).int(message).positive(message).max(INT4_MAX, message);

/** A record id in a path or query: a positive 32-bit integer, else 'El identificador debe ser…'. */
export const idSchema = idCon(MSG.idInvalido);

/** A required reference id (a select): missing, empty, 0 or not an id → 'El campo {label} es obligatorio.' */
export const requiredId = (label: string) => idCon(MSG.campoRequerido(label));

/** `/:id` route parameters. */
export const idParams = z.object({ id: idSchema });

/** A route segment or query value read as an id (digits only, as idSchema accepts them), else null. */
export function parseId(v: unknown): number | null {
  if (typeof v === 'number') v = String(v);
  if (typeof v !== 'string' || !/^\d{1,10}$/.test(v)) return null;
  const r = idSchema.safeParse(v);
  return r.success ? r.data : null;
}

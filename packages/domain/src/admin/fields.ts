import { z } from 'zod';
import { catalogFieldSchema, listQuerySchema } from '../catalogs/define-schemas.ts';
import { idSchema } from '../common/ids.ts';
import { isIsoDate } from '../common/validators.ts';
import { MSG } from '../messages.ts';
import { MSG_ADMIN } from './messages.ts';

/**
 * Building blocks of the hand-written administration schemas, for the rules a catalogue field does not
 * declare (an empty optional text or id stored as null, a required date's own message, the date range's
 * message); what a declared field already says is taken from it (docs/decisions.md 95).
 */
export const req = MSG.campoRequerido;

export { requiredId } from '../common/ids.ts';

/** An optional reference id: empty → null. */
export const optionalId = () =>
  z.preprocess((v) => (v === '' || v === undefined || v === 0 ? null : v), idSchema.nullable());

/** Required text, trimmed, optionally upper-case: a declared required text field's rule. */
export const requiredText = (label: string, max: number, opts: { upper?: boolean } = {}) =>
  catalogFieldSchema({
    name: 'texto',
    label,
    type: 'text',
    required: true,
    maxLength: max,
    upper: opts.upper,
  }) as z.ZodType<string, string>;

/** Optional text: empty → null. */
export const optionalText = (label: string, max: number, opts: { upper?: boolean } = {}) =>
  z.preprocess(
    (v) => (typeof v === 'string' && v.trim() === '' ? null : v),
    z
      .string()
      .trim()
      .max(max, MSG_ADMIN.maximo(label, max))
      .transform((v) => (opts.upper ? v.toUpperCase() : v))
      .nullable()
      .optional(),
  );

export const requiredDate = (label: string) =>
  z
    .string({ error: req(label) })
    .min(1, req(label))
    .refine(isIsoDate, MSG_ADMIN.fechaInvalida(label));

/**
 * For a cross-field refinement that should run even when some fields failed (all messages at once), but
 * only on an object: a missing or null body has nothing to compare.
 */
export const whenObject = {
  when: (payload: { value: unknown }) => typeof payload.value === 'object' && payload.value !== null,
};

/** Adds 'fecha hasta before fecha desde' on `fechaHasta`; runs even when other fields failed. */
export function checkDateRange(v: { fechaDesde?: unknown; fechaHasta?: unknown }, ctx: z.RefinementCtx) {
  const { fechaDesde: d, fechaHasta: h } = v;
  if (typeof d === 'string' && typeof h === 'string' && isIsoDate(d) && isIsoDate(h) && d > h) {
    ctx.addIssue({ code: 'custom', path: ['fechaHasta'], message: MSG_ADMIN.fechasInvalidas });
  }
}

/** Page query of every administration list (`?q=&page=&pageSize=&sort=`): the catalogue lists' own. */
export const pageQuery = listQuerySchema.shape;

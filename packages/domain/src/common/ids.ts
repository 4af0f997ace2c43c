import { z } from 'zod';
import { MSG } from '../messages.ts';

/** A record id in a path or query: a positive 32-bit integer, else 'El identificador debe ser…'. */
export const idSchema = z.coerce
  .number({ error: MSG.idInvalido })
  .int(MSG.idInvalido)
  .positive(MSG.idInvalido)
  .max(2_147_483_647, MSG.idInvalido);

/** `/:id` route parameters. */
export const idParams = z.object({ id: idSchema });

/**
 * Response contract helpers (issue 12 §3: "one contract"). Every API route declares its responses
 * with these, beside its request schemas in `<feature>/schemas.ts`, so the OpenAPI at
 * /api/docs/json documents each one, the zod serializer checks what the route sends, and the web
 * types API rows with `z.input<typeof xSchema>` (the wire shape) instead of re-typing them.
 *
 * Usage in a route:
 *
 *   import { pageOf, responses, binaryResponse, instante } from '@app/domain';
 *   const fooSchema = z.object({ idFoo: z.number().int(), nombre: z.string(), creado: instante });
 *   app.get('/api/v1/foos', { schema: { querystring, response: responses({ 200: pageOf(fooSchema) }) } }, ...);
 *   app.post('/api/v1/foos', { schema: { body, response: responses({ 201: fooSchema }) } }, ...);
 *   app.delete('/api/v1/foos/:id', { schema: { params, response: responses({ 204: noContent }) } }, ...);
 *   app.get('/api/v1/foos/:id/pdf', { schema: { response: responses({ 200: binaryResponse('application/pdf') }) } }, ...);
 *
 * Cautions: the serializer *strips* keys the schema does not declare (zod objects are not strict)
 * and *fails with a 500* on a value of the wrong type, so declare exactly what the SQL returns:
 * `timestamp(tz)` columns arrive as Date (use `instante`), `date` as 'YYYY-MM-DD' strings, `numeric`
 * as strings, `count(*)` as a string unless cast `::int`, and a nullable column is `.nullable()`.
 */
import { z } from 'zod';
import { ERROR_CODE, type ErrorCode } from '../messages.ts';

/** An instant (`timestamp`/`timestamptz` column): a Date from pg, an ISO string on the wire. */
export const instante = z.codec(
  z.string(),
  z
    .custom<Date | string>((v) => v instanceof Date || typeof v === 'string')
    .meta({ type: 'string', format: 'date-time' }),
  {
    decode: (s) => s,
    encode: (v) => (v instanceof Date ? v.toISOString() : v),
  },
);

/** A calendar date column (`date`): pg returns it as 'YYYY-MM-DD' (type parser 1082). */
export const fecha = z.string().meta({ format: 'date' });

/** A `numeric` column (money, quantities): pg returns it as a string; never a float over the wire. */
export const decimal = z.string().meta({ format: 'decimal' });

/** Who registered and last changed a row, and when: the audit columns most tables' rows carry. */
export const columnasRegistro = {
  fechaReg: instante,
  fechaAct: instante.nullable(),
  idUsuarioReg: z.number().int().nullable(),
  idUsuarioAct: z.number().int().nullable(),
};

/** The list envelope of docs/design-summary.md §3. Add list-level extras with `.extend({...})`. */
export const pageOf = <T extends z.ZodType>(item: T) =>
  z.object({
    items: z.array(item),
    total: z.number().int(),
    page: z.number().int(),
    pageSize: z.number().int(),
  });

/** A bare `{ items }` (lists without paging). */
export const itemsOf = <T extends z.ZodType>(item: T) => z.object({ items: z.array(item) });

/** The error envelope of docs/design-summary.md §3: `{ error: { code, message, fields? } }`. */
export const errorResponseSchema = z
  .object({
    error: z.object({
      /** One of the declared codes (messages.ts `ERROR_CODE`). */
      code: z.enum(Object.values(ERROR_CODE) as [ErrorCode, ...ErrorCode[]]),
      message: z.string(),
      fields: z.record(z.string(), z.string()).optional(),
      /** Item-level messages of a refused batch (the rows of a rejected file), at most a page of them. */
      detalles: z.array(z.string()).optional(),
      /** How many item-level messages there are in all (`detalles` may hold fewer). */
      totalDetalles: z.number().int().optional(),
    }),
  })
  .meta({ id: 'Error', description: 'Error con mensaje en español y código estable' });
export type ErrorResponse = z.input<typeof errorResponseSchema>;

/** `{ mensaje }`: the Spanish confirmation a mutation answers with. */
export const mensajeSchema = z.object({ mensaje: z.string() });

/** `{ ok: true }`-style acknowledgement. */
export const okSchema = z.object({ ok: z.boolean() });

/** A response with no body (204). */
export const noContent = z.undefined().meta({ description: 'Sin contenido' });

/**
 * A binary or text file response (PDF, ZIP, CSV, XLSX, images): documented in OpenAPI as
 * `content: { [type]: { schema: { type: 'string', format: 'binary' } } }`. The route sends a Buffer,
 * a stream or a string with `reply.type(...)`; Fastify does not run the JSON serializer on those.
 */
/** The body of a file response: whatever `reply.send` takes (Buffer, stream, string), untyped here. */
const fileBody = z.custom<unknown>(() => true).meta({ type: 'string', format: 'binary' });

export const binaryResponse = (...contentTypes: string[]) => ({
  description: 'Archivo',
  content: Object.fromEntries(contentTypes.map((t) => [t, { schema: fileBody }])) as Record<
    string,
    { schema: typeof fileBody }
  >,
});

export const ERROR_STATUSES = [400, 401, 403, 404, 409, 422] as const;

type SuccessMap = Record<number, z.ZodType | ReturnType<typeof binaryResponse>>;

/**
 * A route's `schema.response`: the success responses given plus the error envelope for
 * 400/401/403/404/409/422 (an explicit entry for one of those codes wins).
 */
export const responses = <T extends SuccessMap>(success: T) =>
  ({
    400: errorResponseSchema,
    401: errorResponseSchema,
    403: errorResponseSchema,
    404: errorResponseSchema,
    409: errorResponseSchema,
    422: errorResponseSchema,
    ...success,
  }) as T & Record<(typeof ERROR_STATUSES)[number], typeof errorResponseSchema>;

/**
 * `responses()` for a handler whose rows are untyped (`db.query` without a row type): the schemas
 * still check and document the response at run time, but the handler's return type is not checked
 * against them. Type the query's rows and switch to `responses()`.
 */
export const uncheckedResponses = (success: SuccessMap) =>
  responses(success) as unknown as Record<number, z.ZodType<unknown>>;

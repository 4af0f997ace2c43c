/**
 * Response schemas of the API routes of this area (issue 12 §3), drafted from what the routes send
 * in their tests and checked by the serializer (apps/api/src/lib/serializer.ts). Web types: `z.input<typeof x>`.
 * One file per resource: responses-empresas, -personas (and doctors), -registro, -suscripciones
 * (users: the declaration's, `catalogResponseSchemas`).
 */
export * from './responses-empresas.ts';
export * from './responses-personas.ts';
export * from './responses-registro.ts';
export * from './responses-suscripciones.ts';

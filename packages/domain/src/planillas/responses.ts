/**
 * Response schemas of the API routes of this area (issue 12 §3), drafted from what the routes send
 * in their tests and checked by the serializer (apps/api/src/lib/serializer.ts). Web types: `z.input<typeof x>`.
 * One file per resource: responses-planillas (the attentions), -diagnosticos, -revision (assignments, controls, review).
 */
export * from './responses-diagnosticos.ts';
export * from './responses-planillas.ts';
export * from './responses-revision.ts';

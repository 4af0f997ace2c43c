import type { FastifySerializerCompiler } from 'fastify';
import { createSerializerCompiler } from 'fastify-type-provider-zod';
import type { $ZodType } from 'zod/v4/core';

/** Paths of object keys present in `sent` but absent from `encoded` (what the schema stripped). */
function droppedKeys(sent: unknown, encoded: unknown, path = ''): string[] {
  if (sent === null || typeof sent !== 'object' || encoded === null || typeof encoded !== 'object') return [];
  if (sent instanceof Date) return [];
  if (Array.isArray(sent)) {
    if (!Array.isArray(encoded)) return [];
    return sent.flatMap((v, i) => droppedKeys(v, encoded[i], `${path}[${i}]`)).slice(0, 5);
  }
  const out: string[] = [];
  const enc = encoded as Record<string, unknown>;
  for (const [k, v] of Object.entries(sent)) {
    if (v === undefined) continue;
    if (!(k in enc)) out.push(`${path}.${k}`);
    else out.push(...droppedKeys(v, enc[k], `${path}.${k}`));
  }
  return out;
}

const zodSerializer = createSerializerCompiler();

/**
 * The zod response serializer (fastify-type-provider-zod): checks what a route sends against its
 * response schema. Under the test runner it also fails on a key the schema does not declare — zod
 * would silently strip it — so a response schema that forgets a field turns the feature's tests red
 * instead of quietly dropping data the web reads.
 *
 * Outside the tests a response that does not match is logged and sent as the route built it: a
 * schema that missed a rare null must not turn a working screen into a 500 (the tests are where it
 * fails, and the log says which route and field).
 */
export const serializerCompiler: FastifySerializerCompiler<$ZodType | { properties: $ZodType }> = (route) => {
  const serialize = zodSerializer(route);
  if (!process.env.VITEST)
    return (data: unknown) => {
      try {
        return serialize(data);
      } catch (err) {
        const issues = (err as { cause?: { issues?: unknown } }).cause?.issues;
        console.error(
          JSON.stringify({
            level: 'error',
            msg: 'response does not match its schema',
            route: `${route.method} ${route.url} (${route.httpStatus})`,
            issues,
          }),
        );
        return JSON.stringify(data);
      }
    };
  return (data: unknown) => {
    let json: string;
    try {
      json = serialize(data);
    } catch (err) {
      // The error handler answers 500 without detail; say here what did not match.
      const issues = (err as { cause?: { issues?: unknown } }).cause?.issues;
      console.error(`${route.method} ${route.url} (${route.httpStatus}):`, JSON.stringify(issues ?? err));
      throw err;
    }
    const dropped = droppedKeys(JSON.parse(JSON.stringify(data)), JSON.parse(json));
    if (dropped.length)
      throw new Error(
        `Response of ${route.method} ${route.url} (${route.httpStatus}) has keys its schema does not declare: ${dropped.join(', ')}`,
      );
    return json;
  };
};

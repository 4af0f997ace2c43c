import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ERROR_CODE, errorResponseSchema } from '@app/domain';
import openapiTS, { astToString } from 'openapi-typescript';
import ts from 'typescript';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestContext, type TestContext } from '../test/helpers.ts';

/**
 * One contract (issue 12 §3): every route declares its responses (packages/domain `responses()`,
 * `pageOf()`), so /api/docs/json is a complete description an integrator can generate a client from.
 */
type Operation = { responses?: Record<string, { content?: Record<string, { schema?: unknown }> }> };
type Doc = { paths: Record<string, Record<string, Operation>> };
type ErrorSchema = { properties: { error: { properties: { code: { enum: string[] } } } } };

let t: TestContext;
let doc: Doc;
beforeAll(async () => {
  t = await createTestContext();
  doc = (await t.app.inject({ url: '/api/docs/json' })).json();
});
afterAll(async () => t?.close());

describe('API contract', () => {
  it('every route declares a response schema for its success status', () => {
    const missing: string[] = [];
    for (const [p, ops] of Object.entries(doc.paths)) {
      for (const [method, op] of Object.entries(ops)) {
        const success = Object.entries(op.responses ?? {}).filter(([code]) => /^2\d\d$/.test(code));
        const described = success.some(
          ([code, r]) => code === '204' || Object.values(r.content ?? {}).some((c) => c.schema),
        );
        if (!described) missing.push(`${method.toUpperCase()} ${p}`);
      }
    }
    expect(missing, `${missing.length} routes without a response schema`).toEqual([]);
  });

  it('errors are documented with the error envelope', () => {
    const login = doc.paths['/api/v1/auth/login'].post.responses ?? {};
    expect(JSON.stringify(login['401'])).toContain('#/components/schemas/Error');
  });

  it("the envelope's code is one of the declared codes, listed for integrators; an undeclared one is refused", async () => {
    const error = (doc as unknown as { components: { schemas: Record<string, ErrorSchema> } }).components
      .schemas.Error;
    expect(error.properties.error.properties.code.enum.sort()).toEqual(Object.values(ERROR_CODE).sort());
    expect(errorResponseSchema.safeParse({ error: { code: 'VERSION', message: 'x' } }).success).toBe(true);
    expect(errorResponseSchema.safeParse({ error: { code: 'INVENTADO', message: 'x' } }).success).toBe(false);
    // What the API answers carries one of them (a 404 of the not-found handler, a refused login).
    const r = await t.app.inject({ url: '/api/v1/no-existe' });
    expect(Object.values(ERROR_CODE)).toContain(r.json().error.code);
  });

  it('a typed client generated with openapi-typescript type-checks a sample call', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'contract-'));
    try {
      const ast = await openapiTS(doc as never);
      fs.writeFileSync(path.join(dir, 'api.d.ts'), astToString(ast));
      const sample = `
        import type { paths } from './api';
        type Json<R> = R extends { content: { 'application/json': infer B } } ? B : never;
        type Ok<O> = O extends { responses: { 200: infer R } } ? Json<R> : never;
        declare function get<P extends keyof paths>(path: P): Promise<Ok<paths[P]['get']>>;
        export async function sample() {
          const page = await get('/api/v1/catalogos/tipoiden');
          const total: number = page.total;
          const nombre: string = page.items[0].nombre;
          const longitud: number | null = page.items[0].longitud;
          // @ts-expect-error a field the API does not send
          page.items[0].noExiste;
          return { total, nombre, longitud };
        }
      `;
      fs.writeFileSync(path.join(dir, 'sample.ts'), sample);
      const program = ts.createProgram([path.join(dir, 'sample.ts')], {
        strict: true,
        noEmit: true,
        skipLibCheck: true,
        target: ts.ScriptTarget.ES2022,
        module: ts.ModuleKind.ESNext,
        moduleResolution: ts.ModuleResolutionKind.Bundler,
        types: [],
      });
      const errors = ts
        .getPreEmitDiagnostics(program)
        .map((d) => ts.flattenDiagnosticMessageText(d.messageText, '\n'));
      expect(errors).toEqual([]);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});

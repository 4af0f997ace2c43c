// TEMPORARY (contract work): records the shape of every JSON response before serialization.
import fs from 'node:fs';
import type { FastifyInstance } from 'fastify';

type S = { t: Record<string, number>; el?: S; keys?: Record<string, S>; n?: number };
const store: Record<string, S> = {};
function merge(s: S | undefined, v: unknown): S {
  const o: S = s ?? { t: {} };
  let k: string;
  if (v === null) k = 'null';
  else if (v instanceof Date) k = 'date';
  else if (Array.isArray(v)) k = 'array';
  else if (typeof v === 'number') k = Number.isInteger(v) ? 'int' : 'float';
  else if (typeof v === 'string') k = /^\d{4}-\d{2}-\d{2}$/.test(v) ? 'fecha' : /^-?\d+\.\d+$/.test(v) ? 'decstr' : 'string';
  else k = typeof v;
  o.t[k] = (o.t[k] ?? 0) + 1;
  if (Array.isArray(v)) for (const e of v.slice(0, 50)) o.el = merge(o.el, e);
  else if (k === 'object' && v !== undefined) {
    o.n = (o.n ?? 0) + 1;
    o.keys ??= {};
    for (const [key, val] of Object.entries(v as object)) if (val !== undefined) o.keys[key] = merge(o.keys[key], val);
  }
  return o;
}
export function capture(app: FastifyInstance) {
  app.addHook('preSerialization', async (req, reply, payload) => {
    const key = `${req.method} ${req.routeOptions.url} ${reply.statusCode}`;
    if (reply.statusCode < 300) {
      store[key] = merge(store[key], payload);
      fs.writeFileSync(`/tmp/cap/${process.pid}.json`, JSON.stringify(store));
    }
    return payload;
  });
}

/**
 * The API as `npm start` runs it (the esbuild bundle apps/api/dist/main.mjs under plain Node: decision
 * 30), started as its own process for a benchmark. Built once per benchmark run.
 *   BENCH_NODE_ARGS: extra flags for the server, e.g. '--cpu-prof --cpu-prof-dir=/tmp/prof'.
 */
import { type ChildProcess, execFileSync, type StdioOptions, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import path from 'node:path';
import { NODE_FLAGS } from '../apps/api/src/node-flags.ts';

const ROOT = path.resolve(import.meta.dirname, '..');
let built = false;

export async function startApi(opts: {
  databaseUrl: string;
  dataDir: string;
  port: number;
  env?: Record<string, string>;
  stdio?: StdioOptions;
}): Promise<ChildProcess> {
  if (!built) {
    execFileSync('npm', ['run', '-s', 'build', '-w', '@app/api'], { cwd: ROOT, stdio: 'inherit' });
    built = true;
  }
  const extra = (process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean);
  const child = spawn(process.execPath, [...NODE_FLAGS, ...extra, 'apps/api/dist/main.mjs'], {
    cwd: ROOT,
    env: {
      ...process.env,
      DATABASE_URL: opts.databaseUrl,
      DATA_DIR: opts.dataDir,
      PORT: String(opts.port),
      HOST: '127.0.0.1',
      LOG_LEVEL: process.env.BENCH_LOG ?? 'warn',
      JWT_SECRET: crypto.randomBytes(24).toString('hex'),
      LOGIN_RATE_MAX: '1000',
      ...opts.env,
    },
    stdio: opts.stdio ?? ['ignore', 'inherit', 'inherit'],
  });
  return child;
}

/** Waits until GET /api/health answers (or the process exits). */
export async function waitHealthy(child: ChildProcess, port: number): Promise<ChildProcess> {
  for (let i = 0; i < 600; i++) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/api/health`);
      if (res.ok) return child;
    } catch {
      // not listening yet
    }
    if (child.exitCode !== null) throw new Error('the server exited');
    await new Promise((r) => setTimeout(r, 200));
  }
  throw new Error('the server did not start');
}

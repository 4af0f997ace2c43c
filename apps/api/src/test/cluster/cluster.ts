import { type ChildProcess, fork, spawn } from 'node:child_process';
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { nodeFlags } from '../../node-flags.ts';

/*
 * The product as a deployment runs it (issue 16 item 2, decision 72), on loopback: one PostgreSQL
 * database made for the run, `migrate` once, an S3-compatible server (s3rver), two API replicas and
 * one worker as real processes of the built bundle (so `kill -9` is real), and nginx in front with
 * the configuration docs/deployment.md gives. Used by cluster.test.ts; not a test file itself.
 */

import {
  construir,
  esperar,
  FAIL_TIMEOUT_MS,
  hasta,
  MAIN,
  NGINX,
  type Nombre,
  type Puertos,
  pedir,
  ROOT,
  type Rol,
  S3,
} from './cluster-red.ts';

export { construir, hasta, NGINX, type Puertos, pedir, puertos, type Respuesta } from './cluster-red.ts';

export class Cluster {
  readonly dir: string;
  readonly dbName = `cluster_e_${process.pid}_${crypto.randomBytes(3).toString('hex')}`;
  readonly url: string;
  readonly adminUrl: string;
  readonly procs = new Map<Nombre, ChildProcess>();
  /** Replicas killed and not started again (nginx may still leave them out for FAIL_TIMEOUT_MS). */
  private readonly matados = new Set<Nombre>();
  private s3: ChildProcess | undefined;
  private nginx: ChildProcess | undefined;
  /** Set by stop(): the exits that follow are ours, not a process dying on its own. */
  private parando = false;
  /** Start the product's processes with V8's inspector on a free loopback port (benchmarks read heaps). */
  inspeccion = false;
  readonly admin: pg.Pool;

  constructor(
    readonly puertos: Puertos,
    adminUrl = process.env.DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres',
  ) {
    this.dir = fs.mkdtempSync(path.join(os.tmpdir(), 'cluster-'));
    this.adminUrl = adminUrl;
    const u = new URL(adminUrl);
    u.pathname = `/${this.dbName}`;
    this.url = u.toString();
    this.admin = new pg.Pool({ connectionString: this.url, max: 3 });
    this.admin.on('error', () => {});
  }

  /** The environment every process of the product gets (what a deployment sets; docs/deployment.md). */
  env(nombre: string, port: number): NodeJS.ProcessEnv {
    return {
      PATH: process.env.PATH,
      NODE_ENV: 'production',
      DATABASE_URL: this.url,
      DATABASE_POOL_MAX: '6',
      JWT_SECRET: 'cluster-secreto-compartido-por-las-replicas',
      S3_ENDPOINT: `http://127.0.0.1:${this.puertos.s3}`,
      S3_BUCKET: S3.bucket,
      S3_ACCESS_KEY_ID: S3.key,
      S3_SECRET_ACCESS_KEY: S3.secret,
      S3_FORCE_PATH_STYLE: 'true',
      // One proxy in front (nginx): believe its one X-Forwarded-For hop, nothing further.
      TRUST_PROXY: '1',
      PUBLIC_URL: `http://127.0.0.1:${this.puertos.nginx}`,
      DATA_DIR: path.join(this.dir, `data-${nombre}`),
      PORT: String(port),
      HOST: '127.0.0.1',
      LOG_LEVEL: 'info',
      SEED_DEMO: 'true',
      LOGIN_RATE_MAX: '1000',
    };
  }

  /** The inspector's WebSocket address of a process started with `inspeccion` (the last one it printed). */
  inspector(nombre: Nombre): string {
    const urls = this.log(nombre).match(/ws:\/\/127\.0\.0\.1:\d+\/[\w-]+/g);
    if (!urls) throw new Error(`${nombre} printed no inspector address`);
    return urls[urls.length - 1];
  }

  log(nombre: string) {
    const f = path.join(this.dir, `${nombre}.log`);
    return fs.existsSync(f) ? fs.readFileSync(f, 'utf8') : '';
  }

  /**
   * Every child's stdout and stderr go to `<nombre>.log` in the run's folder (s3.log, nginx.log, a.log…);
   * a process that exits when neither the test nor stop() ended it is reported at once with the last
   * lines of its log (a bucket or a replica dying mid-run must not go unexplained).
   */
  private vigilar(nombre: string, p: ChildProcess, esperado: () => boolean) {
    p.once('exit', (code, signal) => {
      if (this.parando || esperado()) return;
      const cola = this.log(nombre).trimEnd().split('\n').slice(-40).join('\n');
      console.error(
        `[cluster] ${nombre} (pid ${p.pid}) exited on its own: code ${code}, signal ${signal}; last lines of ${path.join(this.dir, `${nombre}.log`)}:\n${cola}`,
      );
    });
  }

  async start() {
    // A port already served (a process left by an earlier run) would answer for ours.
    for (const [n, port] of Object.entries(this.puertos)) {
      const r = await pedir(port, 'GET', '/api/health', { timeoutMs: 1000 }).catch(() => undefined);
      if (r) throw new Error(`port ${port} (${n}) is in use: stop what listens there first`);
    }
    construir();
    const admin = new pg.Client({ connectionString: this.adminUrl });
    await admin.connect();
    try {
      await admin.query(`CREATE DATABASE ${this.dbName}`);
    } finally {
      await admin.end();
    }
    await this.startS3();
    // `npm run migrate` (the command runs this bundle with this role): schema, jobs' schema, seed.
    const out = fs.openSync(path.join(this.dir, 'migrate.log'), 'a');
    const code = await new Promise<number | null>((resolve) => {
      const p = spawn(process.execPath, [MAIN, 'migrate'], {
        cwd: ROOT,
        env: this.env('migrate', 0),
        stdio: ['ignore', out, out],
      });
      p.on('exit', resolve);
    });
    fs.closeSync(out);
    if (code !== 0) throw new Error(`migrate exited ${code}: ${this.log('migrate')}`);
    await Promise.all([this.startRol('a'), this.startRol('b'), this.startRol('worker')]);
    await this.startNginx();
  }

  async startS3() {
    const folder = path.join(this.dir, 's3');
    fs.mkdirSync(folder, { recursive: true });
    const out = fs.openSync(path.join(this.dir, 's3.log'), 'a');
    const p = fork(
      path.join(import.meta.dirname, 's3rver-proc.ts'),
      [String(this.puertos.s3), folder, S3.bucket],
      {
        execArgv: ['--import', 'tsx'],
        stdio: ['ignore', out, out, 'ipc'],
      },
    );
    fs.closeSync(out);
    this.s3 = p;
    this.vigilar('s3', p, () => this.s3 !== p);
    await new Promise<void>((resolve, reject) => {
      p.once('message', () => resolve());
      p.once('exit', (c) => reject(new Error(`s3rver exited ${c}: ${this.log('s3').slice(-2000)}`)));
    });
  }

  /** Uploads a replica is receiving now (its spool folder: `subida-*` files while a data file arrives). */
  recibiendo(n: Nombre): boolean {
    const d = path.join(this.dir, `data-${n}`, 'tmp', 'subidas-archivos');
    return fs.existsSync(d) && fs.readdirSync(d).some((f) => f.startsWith('subida-'));
  }

  /** Every connection to the database but the caller's own ends (pg_terminate_backend). */
  async cortarConexiones() {
    const r = await this.query<{ n: number }>(
      `SELECT count(pg_terminate_backend(pid))::int AS n FROM pg_stat_activity
        WHERE datname = current_database() AND pid <> pg_backend_pid()`,
    );
    return r[0].n;
  }

  /** The storage server stops for good (kill -9): every request to it is refused. */
  async stopS3() {
    const p = this.s3;
    this.s3 = undefined;
    if (p && p.exitCode === null) {
      p.kill('SIGKILL');
      await new Promise((r) => p.once('exit', r));
    }
  }

  private rolDe(n: Nombre): Rol {
    return n === 'a' || n === 'b' ? 'api' : 'worker';
  }

  async startRol(n: Nombre) {
    const port = this.puertos[n];
    const out = fs.openSync(path.join(this.dir, `${n}.log`), 'a');
    const flags = [...nodeFlags(this.rolDe(n)), ...(this.inspeccion ? ['--inspect=127.0.0.1:0'] : [])];
    const p = spawn(process.execPath, [...flags, MAIN, this.rolDe(n)], {
      cwd: ROOT,
      env: this.env(n, port),
      stdio: ['ignore', out, out],
    });
    fs.closeSync(out);
    this.procs.set(n, p);
    this.vigilar(n, p, () => this.procs.get(n) !== p);
    await hasta(
      `${n} healthy`,
      async () => {
        if (p.exitCode !== null) throw new Error(`${n} exited ${p.exitCode}: ${this.log(n).slice(-2000)}`);
        const r = await pedir(port, 'GET', '/api/health', { timeoutMs: 2000 }).catch(() => undefined);
        return r?.status === 200;
      },
      120_000,
      200,
    );
    // nginx took a killed replica out for fail_timeout (5 s) from the failed attempt, which came before this
    // restart: until then a request reaches only the other replica, and if that one is killed next nginx
    // answers 502 'no live upstreams'. Wait the window out so the restarted replica is in rotation again.
    if (this.rolDe(n) === 'api' && this.matados.has(n)) {
      this.matados.delete(n);
      await new Promise((r) => setTimeout(r, FAIL_TIMEOUT_MS + 1_000));
    }
  }

  /** kill -9 of one process of the product. */
  async matar(n: Nombre) {
    const p = this.procs.get(n);
    this.procs.delete(n);
    if (!p || p.exitCode !== null) return;
    this.matados.add(n);
    p.kill('SIGKILL');
    await new Promise((r) => p.once('exit', r));
  }

  nginxConf() {
    const d = this.dir;
    const user = process.getuid?.() === 0 ? 'user root;' : '';
    return `${user}
worker_processes 1;
daemon off;
pid ${d}/nginx.pid;
error_log ${d}/nginx-error.log warn;
events { worker_connections 512; }
http {
    log_format upstream '$request_method $request_uri $status $upstream_addr';
    access_log ${d}/nginx-access.log upstream;
    client_body_temp_path ${d}/nginx-body;
    proxy_temp_path ${d}/nginx-proxy;
    fastcgi_temp_path ${d}/nginx-fastcgi;
    uwsgi_temp_path ${d}/nginx-uwsgi;
    scgi_temp_path ${d}/nginx-scgi;
    upstream reclamos_api {
        server 127.0.0.1:${this.puertos.a} max_fails=1 fail_timeout=${FAIL_TIMEOUT_MS / 1000}s;
        server 127.0.0.1:${this.puertos.b} max_fails=1 fail_timeout=${FAIL_TIMEOUT_MS / 1000}s;
        keepalive 32;
    }
    server {
        listen 127.0.0.1:${this.puertos.nginx};
        client_max_body_size 210m;
        location / {
            proxy_pass http://reclamos_api;
            proxy_http_version 1.1;
            proxy_set_header Connection "";
            proxy_set_header Host $host;
            proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
            proxy_set_header X-Forwarded-Proto $scheme;
            proxy_request_buffering off;
            proxy_buffering off;
            proxy_read_timeout 600s;
            # Not http_503: the API answers 503 when the database or the bucket is away, which every
            # replica shares; counted as a replica failure it would take both out (a 502 for all).
            proxy_next_upstream error timeout http_502;
            # For the test only: which replica answered (the access log is written after the answer).
            add_header X-Replica $upstream_addr always;
        }
    }
}
`;
  }

  async startNginx() {
    if (!NGINX) throw new Error('nginx is not installed');
    const conf = path.join(this.dir, 'nginx.conf');
    fs.writeFileSync(conf, this.nginxConf());
    const out = fs.openSync(path.join(this.dir, 'nginx.log'), 'a');
    const p = spawn(NGINX, ['-c', conf, '-p', this.dir, '-e', path.join(this.dir, 'nginx-error.log')], {
      stdio: ['ignore', out, out],
    });
    fs.closeSync(out);
    this.nginx = p;
    this.vigilar('nginx', p, () => this.nginx !== p);
    await hasta(
      'nginx up',
      async () => {
        if (p.exitCode !== null) throw new Error(`nginx exited ${p.exitCode}: ${this.log('nginx')}`);
        const r = await pedir(this.puertos.nginx, 'GET', '/api/health', { timeoutMs: 2000 }).catch(
          () => undefined,
        );
        return r?.status === 200 && !!r.headers['x-replica'];
      },
      30_000,
    );
  }

  /** nginx's access log: method, URI, status, the replica(s) it went to. */
  accesos() {
    const f = path.join(this.dir, 'nginx-access.log');
    if (!fs.existsSync(f)) return [];
    return fs
      .readFileSync(f, 'utf8')
      .split('\n')
      .filter(Boolean)
      .map((l) => {
        const [metodo, uri, status, ...up] = l.split(' ');
        return { metodo, uri, status: Number(status), upstream: up.join(' ') };
      });
  }

  /** A request through nginx, as a browser at 127.0.0.2 would send it. */
  pedir(method: string, ruta: string, opts: Parameters<typeof pedir>[3] = {}) {
    return pedir(this.puertos.nginx, method, ruta, { localAddress: '127.0.0.2', ...opts });
  }

  /** The test's own SQL (asked again when the connection it took was one just terminated). */
  async query<T extends pg.QueryResultRow = Record<string, unknown>>(sql: string, params: unknown[] = []) {
    for (let intento = 1; ; intento++) {
      try {
        return (await this.admin.query<T>(sql, params)).rows;
      } catch (e) {
        const caida = /terminat|ECONNRESET|57P01|Connection/i.test(`${(e as { code?: string }).code} ${e}`);
        if (!caida || intento >= 3) throw e;
        await esperar(100);
      }
    }
  }

  /** Objects in the bucket (s3rver's file store: one `<key>._S3rver_object` file per object). */
  objetos(): string[] {
    const root = path.join(this.dir, 's3', S3.bucket);
    const out: string[] = [];
    const walk = (d: string) => {
      if (!fs.existsSync(d)) return;
      for (const e of fs.readdirSync(d, { withFileTypes: true })) {
        const f = path.join(d, e.name);
        if (e.isDirectory()) walk(f);
        else if (e.name.endsWith('._S3rver_object'))
          out.push(path.relative(root, f).replace(/\._S3rver_object$/, ''));
      }
    };
    walk(root);
    return out;
  }

  async stop() {
    this.parando = true;
    const hijos = [...this.procs.values(), this.nginx, this.s3].filter((p): p is ChildProcess => !!p);
    // nginx's master stops its workers on SIGTERM (a SIGKILL would leave them serving the port).
    for (const p of hijos) if (p.exitCode === null) p.kill(p === this.nginx ? 'SIGTERM' : 'SIGKILL');
    await Promise.all(hijos.map((p) => (p.exitCode === null ? new Promise((r) => p.once('exit', r)) : null)));
    this.procs.clear();
    await this.admin.end().catch(() => {});
    const admin = new pg.Client({ connectionString: this.adminUrl });
    await admin.connect();
    try {
      await admin.query(`DROP DATABASE IF EXISTS ${this.dbName} WITH (FORCE)`);
    } finally {
      await admin.end();
    }
    if (!process.env.CLUSTER_KEEP) fs.rmSync(this.dir, { recursive: true, force: true });
  }
}

import type { FastifyBaseLogger } from 'fastify';
import type pg from 'pg';
import type { Database, Queryable } from '../../db/client.ts';
import type { JobQueue } from '../../lib/jobs/types.ts';
import { sql, una } from '../../lib/sql.ts';
import type { MailAttachment, Mailer } from '../../plugins/mail.ts';
import { renderReporteObservaciones } from '../reportes-observaciones/report.ts';
import {
  type AdjuntoSpec,
  backoffSeconds,
  CANAL_CORREO,
  type CorreoFila,
  claimDue,
  markFailed,
  markSent,
  nextDueInSeconds,
  onEnqueueLocal,
} from './outbox.ts';

export type MailWorkerOptions = {
  /** Messages claimed per round. */
  batch: number;
  /** How long a claimed message is reserved; if its sender dies it is taken again after this. */
  leaseSeconds: number;
  /** First retry delay; doubles with each attempt (at most one hour). */
  retryBaseSeconds: number;
  /** Attempts before a message is marked FALLIDO. */
  retryMax: number;
  /** Longest sleep between rounds when nothing wakes the job (NOTIFY is the usual wake-up). */
  pollSeconds: number;
};

/** Builds the nodemailer attachments of a message from its stored specs (reports rendered now). */
export async function resolverAdjuntos(db: Queryable, specs: AdjuntoSpec[]): Promise<MailAttachment[]> {
  const out: MailAttachment[] = [];
  for (const s of specs) {
    if (s.clase === 'reporte') {
      const r = await renderReporteObservaciones(db, s);
      out.push({ filename: s.nombre ?? r.nombre, content: r.pdf, contentType: 'application/pdf' });
    } else if (s.clase === 'logo') {
      const img = await una<{ tipo: string; imagen: Uint8Array }>(
        db,
        sql`SELECT tipo, imagen FROM empresa_img WHERE id_empresa = ${s.idEmpresa} AND tipo IN ('image/png', 'image/jpeg')
          ORDER BY fecha_reg DESC, id_empresa_img DESC LIMIT 1`,
      );
      if (img) {
        const ext = img.tipo === 'image/png' ? 'png' : 'jpg';
        out.push({
          filename: `logo.${ext}`,
          content: Buffer.from(img.imagen),
          contentType: img.tipo,
          cid: s.cid,
        });
      }
    } else {
      out.push({
        filename: s.nombre,
        content: Buffer.from(s.base64, 'base64'),
        contentType: s.tipoContenido,
      });
    }
  }
  return out;
}

/** The sending round as a job of graphile-worker (decision 60). */
export const JOB_CORREO = 'correo:enviar';
/** Attempts of one round (a round fails only when the database is away: each message keeps its own count). */
export const CORREO_INTENTOS = 5;

/**
 * The outbox job (docs/decisions.md 'Correo saliente'): claims due messages (SKIP LOCKED, so several
 * API processes share the work), renders their attachments, sends them through the server's one
 * mailer and records the result; failures are retried with exponential backoff, a claim whose
 * process stopped is taken again when its lease ends. Woken by NOTIFY on commit of `enqueueMail`,
 * by an in-process nudge, and at the latest every `pollSeconds`.
 */
export class MailWorker {
  private timer: NodeJS.Timeout | undefined;
  private running: Promise<void> | undefined;
  private again = false;
  private started = false;
  private closed = false;
  private unlisten: Array<() => Promise<void> | void> = [];

  constructor(
    private readonly database: Database,
    private readonly mailer: Mailer,
    private readonly log: FastifyBaseLogger,
    readonly opts: MailWorkerOptions,
    /**
     * graphile-worker's queue: `start()` makes this process take the sending rounds (jobs added by
     * `enqueueMail` in the message's transaction, and by each round for the next due message) instead
     * of listening and polling itself. Any other queue (PGlite) keeps the job's own loop.
     */
    private readonly jobs?: JobQueue,
  ) {}

  /** Starts listening and sends what is due. Idempotent. */
  async start(): Promise<void> {
    if (this.started || this.closed) return;
    this.started = true;
    const jobs = this.jobs;
    if (jobs?.kind === 'graphile') {
      jobs.define(JOB_CORREO, { maxAttempts: CORREO_INTENTOS, run: () => this.ronda(jobs) });
      // A round every 5 minutes at the latest: a claim whose process died is taken after its lease.
      jobs.every(JOB_CORREO, 5);
      await jobs.add(JOB_CORREO, {}, { key: 'correo' });
      return;
    }
    this.unlisten.push(onEnqueueLocal(() => this.wake()));
    try {
      await this.listen();
    } catch (err) {
      this.log.warn({ err }, 'correo: sin LISTEN; el envío sigue por sondeo');
    }
    this.wake();
  }

  private async listen() {
    const { pool, pglite } = this.database;
    if (pool) {
      let client: pg.PoolClient | undefined;
      const connect = async () => {
        if (this.closed) return;
        try {
          client = await pool.connect();
          client.on('notification', () => this.wake());
          client.on('error', () => {
            client?.release(true);
            client = undefined;
            if (!this.closed) setTimeout(() => void connect(), 1000).unref();
          });
          // A channel name is no parameter; the statement on the listening connection stays text (decision 89).
          await client.query(`LISTEN ${CANAL_CORREO}`);
          this.wake(); // anything committed while not listening
        } catch (err) {
          this.log.warn({ err }, 'correo: LISTEN falló; reintento en 5 s');
          client?.release(true);
          client = undefined;
          if (!this.closed) setTimeout(() => void connect(), 5000).unref();
        }
      };
      await connect();
      this.unlisten.push(() => {
        client?.release(true);
        client = undefined;
      });
    } else if (pglite) {
      const stop = await pglite.listen(CANAL_CORREO, () => this.wake());
      this.unlisten.push(() => stop());
    }
  }

  /** One round as a job: send everything due, then schedule the next round for the next due message. */
  private async ronda(jobs: JobQueue) {
    while (!this.closed && (await this.runOnce()) > 0) {}
    if (this.closed) return;
    const due = await nextDueInSeconds(this.database);
    if (due !== null) {
      await jobs.add(JOB_CORREO, {}, { key: 'correo:siguiente', delaySeconds: Math.max(0.05, due) });
    }
  }

  /** Runs a round now (or right after the current one). */
  wake() {
    if (!this.started || this.closed) return;
    if (this.running) {
      this.again = true;
      return;
    }
    clearTimeout(this.timer);
    this.running = this.loop().finally(() => {
      this.running = undefined;
    });
  }

  private async loop() {
    try {
      do {
        this.again = false;
        while (!this.closed && (await this.runOnce()) > 0) {}
      } while (this.again && !this.closed);
      if (this.closed) return;
      const due = await nextDueInSeconds(this.database);
      const wait = Math.min(this.opts.pollSeconds, due ?? this.opts.pollSeconds);
      this.schedule(wait);
    } catch (err) {
      this.log.error({ err }, 'correo: error del envío; nuevo intento');
      this.schedule(Math.min(this.opts.pollSeconds, 5));
    }
  }

  private schedule(seconds: number) {
    if (this.closed) return;
    clearTimeout(this.timer);
    this.timer = setTimeout(() => this.wake(), Math.max(50, seconds * 1000));
    this.timer.unref();
  }

  /** Claims one batch of due messages and sends it; returns how many were claimed. */
  async runOnce(): Promise<number> {
    const claimed = await claimDue(this.database, this.opts.batch, this.opts.leaseSeconds);
    for (const m of claimed) {
      if (this.closed) break; // left claimed: taken again when the lease ends
      await this.sendOne(m);
    }
    return claimed.length;
  }

  private async sendOne(m: CorreoFila) {
    try {
      const attachments = await resolverAdjuntos(this.database, m.adjuntos);
      const { messageId } = await this.mailer.send({
        to: m.para,
        subject: m.asunto,
        text: m.texto,
        ...(m.html ? { html: m.html } : {}),
        attachments,
      });
      await markSent(this.database, m, messageId);
      this.log.info({ idCorreo: m.idCorreo, clase: m.clase, intento: m.intentos }, 'correo enviado');
    } catch (err) {
      const final = m.intentos >= this.opts.retryMax;
      const retrySeconds = backoffSeconds(m.intentos, this.opts.retryBaseSeconds);
      const msg = err instanceof Error ? err.message : String(err);
      await markFailed(this.database, m, msg, { final, retrySeconds });
      this.log.warn(
        { err, idCorreo: m.idCorreo, intento: m.intentos, final, retrySeconds },
        final ? 'correo FALLIDO' : 'correo no enviado; se reintentará',
      );
    }
  }

  /** Stops: no new round; waits (up to 10 s) for the one in progress. Unsent claims return after their lease. */
  async close(): Promise<void> {
    this.closed = true;
    clearTimeout(this.timer);
    for (const u of this.unlisten.splice(0)) await u();
    if (this.running) {
      await Promise.race([this.running, new Promise((r) => setTimeout(r, 10_000).unref())]);
    }
  }
}

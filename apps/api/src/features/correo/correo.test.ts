import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { type ParsedMail, simpleParser } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createMailer, type Mailer } from '../../plugins/mail.ts';
import { crearTramite, type Fixture, type Ids, loadIds } from '../../test/fixtures.ts';
import { createTestContext, DEMO, type TestContext } from '../../test/helpers.ts';
import { PNG_1X1 } from '../admin/test-utils.ts';
import { pdfText, sembrarObservaciones } from '../reportes-observaciones/test-utils.ts';
import { enqueueMail, enqueueObservacionesMail, enqueueRespuestasMail } from './index.ts';
import { backoffSeconds, claimDue } from './outbox.ts';
import { MailWorker, type MailWorkerOptions } from './worker.ts';

/** A real SMTP server in the test; `rechazar` makes it refuse that many messages with a 451. */
const smtp = { recibidos: [] as Buffer[], rechazar: 0 };
const server = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS', 'AUTH'],
  logger: false,
  onData(stream, _session, cb) {
    const chunks: Buffer[] = [];
    stream.on('data', (c: Buffer) => chunks.push(c));
    stream.on('end', () => {
      if (smtp.rechazar > 0) {
        smtp.rechazar--;
        return cb(Object.assign(new Error('Servicio no disponible temporalmente'), { responseCode: 451 }));
      }
      smtp.recibidos.push(Buffer.concat(chunks));
      cb();
    });
  },
});

let t: TestContext;
let ids: Ids;
let f: Fixture;
const PUBLIC_URL = 'https://reclamos.example.ec';

beforeAll(async () => {
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r));
  const { port } = server.server.address() as AddressInfo;
  t = await createTestContext({
    SMTP_URL: `smtp://127.0.0.1:${port}`,
    PUBLIC_URL,
    MAIL_RETRY_BASE_SECONDS: 0.2,
    MAIL_POLL_SECONDS: 0.5,
    MAIL_LEASE_SECONDS: 60,
  });
  ids = await loadIds(t);
  f = await crearTramite(t, ids, { estado: 'OBSERVACIONES', planillas: [{ numero: 'CO-1' }] });
  await sembrarObservaciones(t, ids, f);
  await t.database.query(
    `INSERT INTO empresa_img (id_empresa, nombre, tipo, tamano, imagen) VALUES ($1, 'logo.png', 'image/png', $2, $3)`,
    [ids.idEmpresaAseg, PNG_1X1.length, PNG_1X1],
  );
});
afterAll(async () => {
  await t?.close();
  await new Promise<void>((r) => server.close(() => r()));
});

const opts = (o: Partial<MailWorkerOptions> = {}): MailWorkerOptions => ({
  batch: 5,
  leaseSeconds: 60,
  retryBaseSeconds: 0.2,
  retryMax: 8,
  pollSeconds: 0.5,
  ...o,
});
const silent = { info() {}, warn() {}, error() {} } as never;
const worker = (o: Partial<MailWorkerOptions> = {}, mailer: Mailer = t.app.mailer) =>
  new MailWorker(t.database, mailer, silent, opts(o));

const fila = async (id: number) =>
  (
    await t.database.query<{
      estado: string;
      intentos: number;
      ultimoError: string | null;
      messageId: string | null;
    }>(
      `SELECT estado, intentos, ultimo_error AS "ultimoError", message_id AS "messageId" FROM correo WHERE id_correo = $1`,
      [id],
    )
  )[0];

async function esperar<T>(fn: () => Promise<T | undefined | false>, ms = 10_000): Promise<T> {
  const hasta = Date.now() + ms;
  for (;;) {
    const v = await fn();
    if (v) return v;
    if (Date.now() > hasta) throw new Error('tiempo agotado');
    await new Promise((r) => setTimeout(r, 50));
  }
}

const simple = (para: string, asunto: string) =>
  t.database.transaction((tx) =>
    enqueueMail(tx, { clase: 'PRUEBA', para: [para], asunto, texto: `Texto de ${asunto}` }),
  );

describe('outbox', () => {
  it('observations: received over SMTP in HTML and text, logo inline, report 4 attached with the observation', async () => {
    const antes = smtp.recibidos.length;
    // As 'enviar-observaciones' does before queueing: the report shows the provider what was sent to it.
    for (const tabla of ['pla_obs', 'pla_det_obs'])
      await t.database.query(`UPDATE ${tabla} SET ronda = 1 WHERE id_tramite = $1 AND ronda IS NULL`, [
        f.idTramite,
      ]);
    const r = await t.database.transaction((tx) =>
      enqueueObservacionesMail(tx, {
        idTramite: f.idTramite,
        tipo: 'M',
        idUsuario: ids.usuarios.supervisorAm,
      }),
    );
    expect(r.destinatarios).toEqual([DEMO.prestador]);
    expect(await worker().runOnce()).toBe(1);
    expect(smtp.recibidos.length).toBe(antes + 1);
    // skipImageLinks: keep the HTML's cid: reference as sent (mailparser would inline it).
    const m: ParsedMail = await simpleParser(smtp.recibidos[antes], { skipImageLinks: true });
    expect(m.to && 'text' in m.to ? m.to.text : '').toContain(DEMO.prestador);
    expect(m.subject).toMatch(/^Observaciones de Auditoría Médica – Trámite T-/);
    const link = `${PUBLIC_URL}/tramite-observaciones/${f.idTramite}`;
    expect(m.text).toContain(link);
    expect(m.text).toContain('registró observaciones de Auditoría Médica');
    expect(m.html).toContain(`href="${link}"`);
    expect(m.html).toContain('src="cid:logo-aseguradora"');
    const logo = m.attachments.find((a) => a.cid === 'logo-aseguradora');
    expect(logo?.contentType).toBe('image/png');
    expect(logo?.content.equals(PNG_1X1)).toBe(true);
    const pdf = m.attachments.find((a) => a.contentType === 'application/pdf');
    expect(pdf?.filename).toMatch(/^observaciones_M_T-.+\.pdf$/);
    const s = await pdfText(pdf!.content);
    expect(s).toContain('Reporte de Observaciones de Auditoría Médica');
    expect(s).toContain('DIAGNÓSTICO NO CORRESPONDE AL PROCEDIMIENTO');
    expect(s).toContain('COBRO EXCESIVO');
    expect(await fila(r.idCorreo!)).toMatchObject({ estado: 'ENVIADO', intentos: 1, ultimoError: null });
    expect((await fila(r.idCorreo!)).messageId).toBe(m.messageId);
  });

  it('answers: to the supervisors of the type, with report 7 (D)', async () => {
    const antes = smtp.recibidos.length;
    const r = await t.database.transaction((tx) =>
      enqueueRespuestasMail(tx, { idTramite: f.idTramite, tipo: 'D', idUsuario: ids.usuarios.prestador }),
    );
    expect(r.destinatarios).toEqual([DEMO.supervisorGd]);
    await worker().runOnce();
    const m = await simpleParser(smtp.recibidos[antes]);
    expect(m.subject).toMatch(/^Respuestas a observaciones de Gestión Documental/);
    expect(m.text).toContain(`${PUBLIC_URL}/observaciones-tramite/${f.idTramite}?tipo=D`);
    const pdf = m.attachments.find((a) => a.contentType === 'application/pdf')!;
    expect(await pdfText(pdf.content)).toContain(
      'Reporte de Respuestas a Observaciones de Gestión Documental',
    );
  });

  it('a rolled-back transaction sends nothing', async () => {
    const [{ n }] = await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM correo');
    await expect(
      t.database.transaction(async (tx) => {
        await enqueueObservacionesMail(tx, { idTramite: f.idTramite, tipo: 'D', idUsuario: 1 });
        throw new Error('la transición falló');
      }),
    ).rejects.toThrow('la transición falló');
    const antes = smtp.recibidos.length;
    expect(await worker().runOnce()).toBe(0);
    expect(smtp.recibidos.length).toBe(antes);
    expect((await t.database.query<{ n: number }>('SELECT count(*)::int AS n FROM correo'))[0].n).toBe(n);
  });

  it('no loss: a message claimed by a process that stopped is sent by another once the lease ends', async () => {
    const id = (await simple('perdido@demo.ec', 'Reclamado y abandonado'))!;
    // Another process claims it for 0.5 s and dies before sending.
    expect((await claimDue(t.database, 10, 0.5)).map((m) => m.idCorreo)).toEqual([id]);
    const w = worker();
    expect(await w.runOnce()).toBe(0); // still leased: not taken twice
    await new Promise((r) => setTimeout(r, 600));
    const antes = smtp.recibidos.length;
    expect(await w.runOnce()).toBe(1);
    expect(smtp.recibidos.length).toBe(antes + 1);
    expect((await simpleParser(smtp.recibidos[antes])).subject).toBe('Reclamado y abandonado');
    expect(await fila(id)).toMatchObject({ estado: 'ENVIADO', intentos: 2 });
  });

  it('a failing message is retried with backoff and marked FALLIDO after MAIL_RETRY_MAX attempts', async () => {
    expect([1, 2, 3, 20].map((n) => backoffSeconds(n, 30))).toEqual([30, 60, 120, 3600]);
    const roto: Mailer = { send: async () => Promise.reject(new Error('conexión rechazada')), close() {} };
    const id = (await simple('x@demo.ec', 'Nunca sale'))!;
    const w = worker({ retryMax: 2, retryBaseSeconds: 30 }, roto);
    expect(await w.runOnce()).toBe(1);
    expect(await fila(id)).toMatchObject({
      estado: 'PENDIENTE',
      intentos: 1,
      ultimoError: 'conexión rechazada',
    });
    const [{ s }] = await t.database.query<{ s: number }>(
      `SELECT extract(epoch FROM proximo_intento - now())::float8 AS s FROM correo WHERE id_correo = $1`,
      [id],
    );
    expect(s).toBeGreaterThan(25);
    expect(s).toBeLessThanOrEqual(30);
    expect(await w.runOnce()).toBe(0); // not due yet
    await t.database.query('UPDATE correo SET proximo_intento = now() WHERE id_correo = $1', [id]);
    expect(await w.runOnce()).toBe(1);
    expect(await fila(id)).toMatchObject({ estado: 'FALLIDO', intentos: 2 });
  });

  it('the running job: woken by the commit, retries an SMTP refusal (451) by itself and delivers', async () => {
    await t.app.correo.start();
    const antes = smtp.recibidos.length;
    const inicio = Date.now();
    const id = (await simple('rapido@demo.ec', 'Sale en segundos'))!;
    await esperar(async () => smtp.recibidos.length > antes);
    expect(Date.now() - inicio).toBeLessThan(3000);
    expect(await esperar(async () => (await fila(id)).estado === 'ENVIADO' && fila(id))).toMatchObject({
      intentos: 1,
    });

    smtp.rechazar = 2;
    const id2 = (await simple('reintento@demo.ec', 'Rechazado dos veces'))!;
    const enviado = await esperar(async () => {
      const r = await fila(id2);
      return r.estado === 'ENVIADO' && r;
    });
    expect(enviado).toMatchObject({ intentos: 3 });
    expect(enviado.ultimoError).toBeNull();
    const ultimo = await simpleParser(smtp.recibidos.at(-1)!);
    expect(ultimo.subject).toBe('Rechazado dos veces');
  });
});

describe('without SMTP_URL', () => {
  it('writes the message with its attachments as an .eml file in DATA_DIR/outbox', async () => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'correo-eml-'));
    try {
      const mailer = createMailer({
        SMTP_URL: undefined,
        MAIL_FROM: 'Pruebas <no-responder@demo.ec>',
        dataDir,
      });
      await mailer.send({
        to: 'a@demo.ec',
        subject: 'Con adjunto',
        text: 'Hola',
        html: '<p>Hola</p>',
        attachments: [
          { filename: 'r.pdf', content: Buffer.from('%PDF-1.4 x'), contentType: 'application/pdf' },
        ],
      });
      const files = fs.readdirSync(path.join(dataDir, 'outbox'));
      expect(files).toHaveLength(1);
      expect(files[0]).toMatch(/\.eml$/);
      const m = await simpleParser(fs.readFileSync(path.join(dataDir, 'outbox', files[0])));
      expect(m.subject).toBe('Con adjunto');
      expect(m.attachments[0].content.toString()).toBe('%PDF-1.4 x');
    } finally {
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

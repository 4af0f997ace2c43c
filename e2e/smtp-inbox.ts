import fs from 'node:fs';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';

/*
 * The e2e run's mail server (issue 13 'Tests that must exist': the journey reads the e-mail from a
 * real SMTP server in the test). Playwright's `globalSetup` runs it once, in the runner process:
 * the config file is also evaluated in every worker, so it must not start servers itself. The
 * product server sends to it through SMTP_URL (the config's webServer passes it; a server of your
 * own needs `SMTP_URL=smtp://127.0.0.1:$E2E_SMTP_PORT`). Each message received is written, whole and
 * as the server got it, to `${E2E_DATA_DIR}/smtp-inbox/*.eml` (temporary name, then renamed: a
 * reader never sees half a message), with the envelope as the `Return-Path` / `Delivered-To` headers
 * a delivering MTA adds. The specs read that folder (e2e/tests/mail.ts).
 *
 * Order (Playwright 1.65, runner `createGlobalSetupTasks`): the webServer plugin starts first, then
 * this. That is fine: the product connects to SMTP only when a message is due, and nothing is sent
 * before the first test; its outbox retries a message that found no server anyway.
 */

/** Where the received messages are written (shared with the workers through E2E_DATA_DIR). */
export function smtpInboxDir(dataDir = process.env.E2E_DATA_DIR): string {
  if (!dataDir) throw new Error('E2E_DATA_DIR no está definido (lo define e2e/playwright.config.ts).');
  return path.join(dataDir, 'smtp-inbox');
}

export default async function globalSetup() {
  const port = Number(process.env.E2E_SMTP_PORT);
  const dir = smtpInboxDir();
  fs.mkdirSync(dir, { recursive: true });
  let n = 0;
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS', 'AUTH'],
    logger: false,
    size: 50 * 1024 * 1024,
    onData(stream, session, cb) {
      const chunks: Buffer[] = [];
      stream.on('data', (c: Buffer) => chunks.push(c));
      stream.on('end', () => {
        const from = session.envelope.mailFrom ? session.envelope.mailFrom.address : '';
        const sobre = [
          `Return-Path: <${from}>`,
          ...session.envelope.rcptTo.map((r) => `Delivered-To: ${r.address}`),
          '',
        ].join('\r\n');
        n += 1;
        const name = `${Date.now()}-${String(n).padStart(4, '0')}.eml`;
        const tmp = path.join(dir, `.${name}.tmp`);
        try {
          fs.writeFileSync(tmp, Buffer.concat([Buffer.from(sobre), ...chunks]));
          fs.renameSync(tmp, path.join(dir, name));
          cb();
        } catch (err) {
          cb(err as Error);
        }
      });
    },
  });
  await new Promise<void>((resolve, reject) => {
    const onError = (err: NodeJS.ErrnoException) =>
      reject(
        new Error(
          err.code === 'EADDRINUSE'
            ? `El puerto SMTP de las pruebas ${port} está en uso: otra corrida e2e lo tiene; use E2E_SMTP_PORT.`
            : `No se pudo iniciar el servidor SMTP de las pruebas: ${err.message}`,
        ),
      );
    server.server.once('error', onError);
    server.listen(port, '127.0.0.1', () => {
      server.server.off('error', onError);
      server.on('error', () => undefined); // a client's broken connection must not end the run
      resolve();
    });
  });
  return () => new Promise<void>((resolve) => server.close(() => resolve()));
}

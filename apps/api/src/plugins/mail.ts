import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Transporter } from 'nodemailer';

export type Mail = { to: string; subject: string; text: string; html?: string };

declare module 'fastify' {
  interface FastifyInstance {
    sendMail: (mail: Mail) => Promise<void>;
  }
}

/** SMTP when SMTP_URL is set; otherwise each message is written as an .eml file to DATA_DIR/outbox. */
export const mailPlugin = fp(async (app: FastifyInstance) => {
  const { SMTP_URL, MAIL_FROM, dataDir } = app.config;
  const outbox = path.join(dataDir, 'outbox');
  // nodemailer (about 15 MB) is loaded with the first message, not at start (decision 30).
  let transport: Transporter | undefined;
  const getTransport = async () => {
    if (transport) return transport;
    const { default: nodemailer } = await import('nodemailer');
    transport = SMTP_URL
      ? nodemailer.createTransport(SMTP_URL)
      : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
    return transport;
  };
  app.decorate('sendMail', async (mail: Mail) => {
    const info = await (await getTransport()).sendMail({ from: MAIL_FROM, ...mail });
    if (!SMTP_URL) {
      fs.mkdirSync(outbox, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.eml`;
      fs.writeFileSync(path.join(outbox, name), (info as unknown as { message: Buffer }).message);
    }
  });
});

import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import nodemailer from 'nodemailer';

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
  const transport = SMTP_URL
    ? nodemailer.createTransport(SMTP_URL)
    : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  app.decorate('sendMail', async (mail: Mail) => {
    const info = await transport.sendMail({ from: MAIL_FROM, ...mail });
    if (!SMTP_URL) {
      fs.mkdirSync(outbox, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${Math.random().toString(36).slice(2, 8)}.eml`;
      fs.writeFileSync(path.join(outbox, name), (info as unknown as { message: Buffer }).message);
    }
  });
});

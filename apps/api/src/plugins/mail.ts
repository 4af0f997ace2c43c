import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Transporter } from 'nodemailer';
import type { Config } from '../config.ts';

export type MailAttachment = {
  filename: string;
  content: Buffer;
  contentType: string;
  /** Set for inline images referenced from the HTML as `cid:…`. */
  cid?: string;
};
export type Mail = {
  to: string;
  subject: string;
  text: string;
  html?: string;
  attachments?: MailAttachment[];
};

/** The one sending path of the server: direct messages (`app.sendMail`) and the outbox job use it. */
export type Mailer = {
  /** Sends one message; resolves with its Message-ID once the SMTP server (or the .eml file) has it. */
  send: (mail: Mail) => Promise<{ messageId: string | null }>;
  close: () => void;
};

declare module 'fastify' {
  interface FastifyInstance {
    sendMail: (mail: Mail) => Promise<void>;
    mailer: Mailer;
  }
}

/** SMTP when SMTP_URL is set; otherwise each message is written as an .eml file to DATA_DIR/outbox. */
export function createMailer(config: Pick<Config, 'SMTP_URL' | 'MAIL_FROM' | 'dataDir'>): Mailer {
  const { SMTP_URL, MAIL_FROM, dataDir } = config;
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
  return {
    send: async (mail) => {
      const info = await (await getTransport()).sendMail({ from: MAIL_FROM, ...mail });
      if (!SMTP_URL) {
        fs.mkdirSync(outbox, { recursive: true });
        const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${crypto.randomBytes(4).toString('hex')}.eml`;
        // Written under a temporary name and renamed: a reader of the folder never sees half a file.
        const tmp = path.join(outbox, `.${name}.tmp`);
        fs.writeFileSync(tmp, (info as unknown as { message: Buffer }).message);
        fs.renameSync(tmp, path.join(outbox, name));
      }
      return { messageId: (info as { messageId?: string }).messageId ?? null };
    },
    close: () => transport?.close(),
  };
}

export const mailPlugin = fp(async (app: FastifyInstance) => {
  const mailer = createMailer(app.config);
  app.decorate('mailer', mailer);
  app.decorate('sendMail', async (mail: Mail) => {
    await mailer.send(mail);
  });
  app.addHook('onClose', async () => mailer.close());
});

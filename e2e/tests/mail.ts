import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { type ParsedMail, simpleParser } from 'mailparser';
import { smtpInboxDir } from '../smtp-inbox.ts';

/*
 * The e-mails the product sent, as the test SMTP server received them (e2e/smtp-inbox.ts writes
 * each one to ${E2E_DATA_DIR}/smtp-inbox/). Parsed with mailparser, as a mail client would.
 */

export type Correo = {
  archivo: string;
  /** Envelope recipients (Delivered-To), else the To header. */
  para: string[];
  asunto: string;
  texto: string;
  html: string;
  /** Every http(s) link of the text and of the HTML's href. */
  enlaces: string[];
  adjuntos: { nombre: string; tipo: string; contenido: Buffer; cid?: string }[];
};

const leidos = new Map<string, Correo>();

function direcciones(m: ParsedMail): string[] {
  const delivered = m.headerLines
    .filter((h) => h.key === 'delivered-to')
    .map((h) => h.line.slice(h.line.indexOf(':') + 1).trim());
  if (delivered.length > 0) return delivered;
  const to = m.to ? (Array.isArray(m.to) ? m.to : [m.to]) : [];
  return to.flatMap((a) => a.value.map((v) => v.address ?? ''));
}

async function leer(archivo: string): Promise<Correo> {
  const m = await simpleParser(fs.readFileSync(archivo), { skipImageLinks: true });
  const texto = m.text ?? '';
  const html = typeof m.html === 'string' ? m.html : '';
  const enlaces = [
    ...(texto.match(/https?:\/\/[^\s<>"')]+/g) ?? []),
    ...[...html.matchAll(/href="(https?:\/\/[^"]+)"/g)].map((x) => x[1].replace(/&amp;/g, '&')),
  ];
  return {
    archivo,
    para: direcciones(m),
    asunto: m.subject ?? '',
    texto,
    html,
    enlaces: [...new Set(enlaces)],
    adjuntos: m.attachments.map((a) => ({
      nombre: a.filename ?? '',
      tipo: a.contentType,
      contenido: a.content,
      cid: a.cid,
    })),
  };
}

/** Every message received so far, oldest first. */
export async function correosRecibidos(): Promise<Correo[]> {
  const dir = smtpInboxDir();
  const nombres = fs.existsSync(dir)
    ? fs
        .readdirSync(dir)
        .filter((f) => f.endsWith('.eml'))
        .sort()
    : [];
  const out: Correo[] = [];
  for (const n of nombres) {
    const archivo = path.join(dir, n);
    let c = leidos.get(archivo);
    if (!c) {
      c = await leer(archivo);
      leidos.set(archivo, c);
    }
    out.push(c);
  }
  return out;
}

/**
 * Waits for the one message that matches (the product's outbox sends within seconds of the
 * commit). Fails with what did arrive, and a hint when the server is not sending to this SMTP server.
 */
export async function esperarCorreo(
  descripcion: string,
  coincide: (c: Correo) => boolean,
  timeout = 45_000,
): Promise<Correo> {
  const hasta = Date.now() + timeout;
  for (;;) {
    const recibidos = await correosRecibidos();
    const c = recibidos.find(coincide);
    if (c) return c;
    if (Date.now() > hasta) {
      const smtp = process.env.E2E_SMTP_PORT;
      throw new Error(
        `${descripcion}: no llegó al servidor SMTP de las pruebas (127.0.0.1:${smtp}; el servidor del ` +
          `producto debe tener SMTP_URL=smtp://127.0.0.1:${smtp}). Recibidos: ` +
          JSON.stringify(recibidos.map((x) => ({ para: x.para, asunto: x.asunto }))),
      );
    }
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** The text of a PDF by `pdftotext` (poppler-utils), or null when the tool is not installed. */
export function textoPdf(pdf: Buffer): string | null {
  const tmp = path.join(os.tmpdir(), `e2e-${process.pid}-${Date.now()}.pdf`);
  fs.writeFileSync(tmp, pdf);
  try {
    return execFileSync('pdftotext', ['-layout', tmp, '-'], { encoding: 'utf8' });
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code === 'ENOENT') return null;
    throw err;
  } finally {
    fs.rmSync(tmp, { force: true });
  }
}

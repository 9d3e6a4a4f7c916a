/**
 * Outgoing mail through nodemailer (DESIGN.md): over SMTP when MAIL_URL is set, otherwise
 * each mail is written whole as an .eml file into DATA_DIR/outbox, where an owner trying
 * Vitrine out can open it in any mail program.
 */
import { mkdir, rename, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import nodemailer from 'nodemailer';
import { config } from '../config.ts';

interface Mail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Where mail goes: out over SMTP, or kept in the outbox when no mail server is configured. */
export type MailDelivery = 'smtp' | 'outbox';

export interface Mailer {
  /** Screens that send mail say so when it was kept rather than sent. */
  readonly delivery: MailDelivery;
  send(mail: Mail): Promise<void>;
}

/** The sender: MAIL_FROM, else no-reply at the public host. */
function mailFrom(publicOrigin: string): string {
  return config().MAIL_FROM ?? `Vitrine <no-reply@${new URL(publicOrigin).hostname}>`;
}

export function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    delivery: 'smtp',
    async send(mail) {
      await transport.sendMail({ from, ...mail });
    },
  };
}

/** Writes each mail into `folder`, complete or not at all (written aside, then renamed). */
export function outboxMailer(folder: string, from: string): Mailer {
  const transport = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'windows',
  });
  return {
    delivery: 'outbox',
    async send(mail) {
      const info = await transport.sendMail({ from, ...mail });
      await mkdir(folder, { recursive: true });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomUUID()}.eml`;
      const draft = path.join(folder, `.${name}.tmp`);
      await writeFile(draft, info.message as Buffer);
      await rename(draft, path.join(folder, name));
    },
  };
}

function outboxFolder(): string {
  return path.resolve(config().DATA_DIR, 'outbox');
}

export function mailer(publicOrigin: string): Mailer {
  const from = mailFrom(publicOrigin);
  const url = config().MAIL_URL;
  return url ? smtpMailer(url, from) : outboxMailer(outboxFolder(), from);
}

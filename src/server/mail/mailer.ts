import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import type { Config } from '../config';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
  /** Where replies go when not to the sender (a contact message: the visitor). */
  replyTo?: string;
  /** Shown as the sender's name in place of MAIL_FROM's own (the newsletter: the site's name). */
  senderName?: string;
  /** Extra headers (the newsletter's List-Unsubscribe). */
  headers?: Record<string, string>;
  messageId?: string;
}

/** The one way mail leaves the server (docs/architecture.md#server): SMTP when configured, files otherwise. */
export interface Mailer {
  /** false when mail only lands in DATA_DIR/outbox, so callers log what the owner needs. */
  readonly delivers: boolean;
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

const OUTBOX_DIR = 'outbox';

export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>): Mailer {
  return config.smtpUrl ? smtpMailer(config.smtpUrl, config.mailFrom) : outboxMailer(path.join(config.dataDir, OUTBOX_DIR), config.mailFrom);
}

function smtpMailer(url: string, from: string): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    delivers: true,
    async send(mail) {
      await transport.sendMail({ ...mail, from: sender(from, mail.senderName) });
    },
    close: () => transport.close(),
  };
}

/** Each message as an .eml file that any mail program opens; names sort by time. */
function outboxMailer(folder: string, from: string): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    delivers: false,
    async send(mail) {
      const info = await transport.sendMail({ ...mail, from: sender(from, mail.senderName) });
      await fs.mkdir(folder, { recursive: true, mode: 0o700 });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      await fs.writeFile(path.join(folder, name), info.message as Buffer, { mode: 0o600 });
    },
    close: () => transport.close(),
  };
}

/** MAIL_FROM, under another name when one is given: its address stays the one the mail server knows. */
function sender(from: string, name: string | undefined): string | { name: string; address: string } {
  if (!name) return from;
  const address = /<([^<>]+)>\s*$/.exec(from)?.[1] ?? from.trim();
  return { name, address };
}

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
}

/** The one way mail leaves the server (docs/architecture.md#server): SMTP when configured, files otherwise. */
export interface Mailer {
  /** false when mail only lands in DATA_DIR/outbox, so callers log what the owner needs. */
  readonly delivers: boolean;
  send(mail: OutgoingMail): Promise<void>;
  close(): void;
}

const OUTBOX_DIR = 'outbox';

/**
 * With `senderName`, mail goes out under that name (the site's, from its Settings, so that a
 * renamed site mails under its new name at once) at MAIL_FROM's address.
 */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>, senderName?: () => Promise<string>): Mailer {
  const from: Sender = senderName ? async () => ({ name: await senderName(), address: addressOf(config.mailFrom) }) : async () => config.mailFrom;
  return config.smtpUrl ? smtpMailer(config.smtpUrl, from) : outboxMailer(path.join(config.dataDir, OUTBOX_DIR), from);
}

type Sender = () => Promise<string | { name: string; address: string }>;

/** The address of "Name <address>", or the whole of a bare address. */
function addressOf(mailbox: string): string {
  return /<([^<>]+)>\s*$/.exec(mailbox)?.[1]?.trim() ?? mailbox.trim();
}

function smtpMailer(url: string, from: Sender): Mailer {
  const transport = nodemailer.createTransport(url);
  return {
    delivers: true,
    async send(mail) {
      await transport.sendMail({ from: await from(), ...mail });
    },
    close: () => transport.close(),
  };
}

/** Each message as an .eml file that any mail program opens; names sort by time. */
function outboxMailer(folder: string, from: Sender): Mailer {
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' });
  return {
    delivers: false,
    async send(mail) {
      const info = await transport.sendMail({ from: await from(), ...mail });
      await fs.mkdir(folder, { recursive: true, mode: 0o700 });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      await fs.writeFile(path.join(folder, name), info.message as Buffer, { mode: 0o600 });
    },
    close: () => transport.close(),
  };
}

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
  /** An iCalendar invitation, sent as the `text/calendar; method=…` alternative calendars act on. */
  icalEvent?: { method: string; content: string };
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

/** Why a mail server's answer means the address will never take mail (5xx), else null. */
export function permanentRefusal(error: unknown): string | null {
  const code = (error as { responseCode?: unknown } | null)?.responseCode;
  return typeof code === 'number' && code >= 500 && code < 600 ? (error instanceof Error ? error.message : String(error)) : null;
}

/**
 * With `senderName`, mail goes out under that name (the site's, from its Settings, so that a
 * renamed site mails under its new name at once) at MAIL_FROM's address.
 */
export function createMailer(config: Pick<Config, 'smtpUrl' | 'mailFrom' | 'dataDir'>, senderName?: () => Promise<string>, { bulk = false }: { bulk?: boolean } = {}): Mailer {
  const from: Sender = senderName ? async () => ({ name: await senderName(), address: addressOf(config.mailFrom) }) : async () => config.mailFrom;
  return config.smtpUrl ? smtpMailer(config.smtpUrl, from, bulk) : outboxMailer(path.join(config.dataDir, OUTBOX_DIR), from);
}

type Sender = () => Promise<string | { name: string; address: string }>;

/** The address of "Name <address>", or the whole of a bare address. */
function addressOf(mailbox: string): string {
  return /<([^<>]+)>\s*$/.exec(mailbox)?.[1]?.trim() ?? mailbox.trim();
}

/**
 * A bulk mailer (`bulk`, the newsletter) keeps its connection open from one mail to the next:
 * a connection for each mail costs over a hundred milliseconds, a pooled one a few. A mail cut
 * off with its connection fails rather than going again on its own: the sender decides when
 * (and whether) it is retried.
 */
function smtpMailer(url: string, from: Sender, bulk: boolean): Mailer {
  const transport = bulk ? nodemailer.createTransport({ url, pool: true, maxConnections: 1, maxRequeues: 0 }) : nodemailer.createTransport(url);
  return {
    delivers: true,
    async send(mail) {
      await transport.sendMail(await withSender(mail, from));
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
      const info = await transport.sendMail(await withSender(mail, from));
      await fs.mkdir(folder, { recursive: true, mode: 0o700 });
      const name = `${new Date().toISOString().replace(/[:.]/g, '-')}-${randomBytes(4).toString('hex')}.eml`;
      await fs.writeFile(path.join(folder, name), info.message as Buffer, { mode: 0o600 });
    },
    close: () => transport.close(),
  };
}


/** The mail with its sender: the site's name at MAIL_FROM's address, or the name the mail asks for. */
async function withSender({ senderName, ...mail }: OutgoingMail, from: Sender) {
  const sender = await from();
  if (!senderName) return { ...mail, from: sender };
  return { ...mail, from: { name: senderName, address: typeof sender === 'string' ? addressOf(sender) : sender.address } };
}

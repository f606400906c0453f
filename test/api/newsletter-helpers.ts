import type { AddressInfo, Socket } from 'node:net';
import type { FastifyInstance, InjectOptions } from 'fastify';
import { simpleParser, type ParsedMail } from 'mailparser';
import { SMTPServer } from 'smtp-server';

export const READER = 'reader@home.example';

export interface Received {
  to: string;
  raw: string;
  parsed: ParsedMail;
}

/**
 * A real SMTP server that keeps what it receives, refuses chosen recipients with 550, and can
 * be made to drop the connection in the middle of a mail (after the recipient, before the end).
 */
export class NewsletterSmtp {
  readonly mails: Received[] = [];
  readonly refuse = new Set<string>();
  /** Mails to drop mid-way, counted down: the next n connections are cut during DATA. */
  dropNext = 0;
  url = '';
  private readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onRcptTo: (address, _session, callback) => {
      if (this.refuse.has(address.address.toLowerCase())) {
        const error = new Error('5.1.1 No such mailbox here') as Error & { responseCode: number };
        error.responseCode = 550;
        callback(error);
        return;
      }
      callback();
    },
    onData: (stream, session, callback) => {
      if (this.dropNext > 0) {
        this.dropNext--;
        stream.resume();
        // smtp-server keeps its connections; cutting this one's socket is a mail server going away mid-mail.
        const connections = (this.server as unknown as { connections: Set<{ id: string; _socket: Socket }> }).connections;
        [...connections].find((connection) => connection.id === session.id)?._socket.destroy();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        void simpleParser(raw).then((parsed) => {
          this.mails.push({ to: session.envelope.rcptTo[0]!.address, raw, parsed });
          callback();
        });
      });
    },
  });

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `smtp://127.0.0.1:${(this.server.server.address() as AddressInfo).port}`;
    return this;
  }

  to(address: string): Received[] {
    return this.mails.filter((mail) => mail.to === address);
  }

  async waitFor(count: number, timeoutMs = 10_000): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.mails.length < count) {
      if (Date.now() > deadline) throw new Error(`expected ${count} mails, received ${this.mails.length}`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** Moves the app's clock by `ms`. */
export function advance(app: FastifyInstance, ms: number): void {
  const at = app.clock.now().getTime() + ms;
  app.clock.now = () => new Date(at);
}

/** A start token handed out now, then the clock moved past the 3 seconds a person needs. */
async function formToken(app: FastifyInstance): Promise<string> {
  const answer = await app.inject({ method: 'GET', url: '/api/subscribers/form' });
  advance(app, 4000);
  return answer.json<{ startToken: string }>().startToken;
}

export async function subscribe(app: FastifyInstance, email: string, options: Partial<InjectOptions> = {}) {
  const startToken = await formToken(app);
  return app.inject({ method: 'POST', url: '/api/subscribers', payload: { email, website: '', startToken }, ...options });
}

/** The confirmation link of a mail. */
export function confirmLinkIn(mail: Received): string {
  const match = /https?:\/\/[^\s"<>]+\/subscribe\/confirm\/[A-Za-z0-9_-]+/.exec(mail.parsed.text ?? '');
  if (!match) throw new Error(`no confirmation link in:\n${mail.raw}`);
  return match[0];
}

/** Subscribes and confirms `email` through the API and its mail; answers the path of the confirmation. */
export async function confirmedReader(app: FastifyInstance, smtp: NewsletterSmtp, email: string): Promise<void> {
  const before = smtp.to(email).length;
  const answer = await subscribe(app, email);
  if (answer.statusCode !== 202) throw new Error(`subscribe answered ${answer.statusCode}: ${answer.body}`);
  const deadline = Date.now() + 5000;
  while (smtp.to(email).length <= before) {
    if (Date.now() > deadline) throw new Error(`no confirmation mail for ${email}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
  const link = new URL(confirmLinkIn(smtp.to(email).at(-1)!));
  const confirmed = await app.inject({ method: 'GET', url: link.pathname });
  if (confirmed.headers.location !== '/subscribe?state=confirmed') throw new Error(`confirmation answered ${confirmed.statusCode} ${String(confirmed.headers.location)}`);
}

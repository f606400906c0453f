import type { AddressInfo } from 'node:net';
import { SMTPServer } from 'smtp-server';

export interface ReceivedMail {
  from: string;
  to: string[];
  /** The whole message as sent, headers and body. */
  raw: string;
  /** The message with quoted-printable soft breaks and escapes undone, to search for text. */
  decoded: string;
}

/** A real SMTP server on a free local port that keeps what it receives. */
export class SmtpReceiver {
  readonly mails: ReceivedMail[] = [];
  private waiters: (() => void)[] = [];
  private readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    logger: false,
    onData: (stream, session, callback) => {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        const raw = Buffer.concat(chunks).toString('utf8');
        this.mails.push({
          from: session.envelope.mailFrom ? session.envelope.mailFrom.address : '',
          to: session.envelope.rcptTo.map((rcpt) => rcpt.address),
          raw,
          decoded: raw.replace(/=\r?\n/g, '').replace(/=([0-9A-F]{2})/g, (_, hex: string) => String.fromCharCode(parseInt(hex, 16))),
        });
        for (const wake of this.waiters.splice(0)) wake();
        callback();
      });
    },
  });

  url = '';

  /** On a free port, or on `port` (to bring a mail server up where one was down). */
  async start(port = 0): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(port, '127.0.0.1', resolve));
    const { port: bound } = this.server.server.address() as AddressInfo;
    this.url = `smtp://127.0.0.1:${bound}`;
    return this;
  }

  /** The n-th mail received (1-based), waiting for it up to `timeoutMs`. */
  async mail(n: number, timeoutMs = 10_000): Promise<ReceivedMail> {
    const deadline = Date.now() + timeoutMs;
    while (this.mails.length < n) {
      if (Date.now() > deadline) throw new Error(`expected ${n} mails, received ${this.mails.length}`);
      await new Promise<void>((resolve) => {
        this.waiters.push(resolve);
        setTimeout(resolve, 100);
      });
    }
    return this.mails[n - 1]!;
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

/** The reset link a mail carries. */
export function resetLinkIn(mail: { decoded: string; raw?: string }): string {
  const match = /https?:\/\/[^\s"<>]+\/reset-password\/[A-Za-z0-9_-]+/.exec(mail.decoded);
  if (!match) throw new Error(`no reset link in mail:\n${mail.raw ?? mail.decoded}`);
  return match[0];
}

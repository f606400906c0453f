/**
 * Newsletter crash drill: the real server, killed with SIGKILL in the middle of mailing a post to
 * 2,000 subscribers, then started again: every subscriber gets the mail exactly once. The mail
 * server here acknowledges a mail only when its answer is sent, as SMTP says: the kill comes
 * while a mail is on its way (received, not yet acknowledged), so that mail was never delivered
 * and the restarted server must send it, and no other twice.
 */
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { buildOnce, exited, startBuiltServer } from '../support/built-server';
import { engines } from '../support/engines';

const SUBSCRIBERS = 2_000;
const KILL_AFTER_DELIVERED = 700;
const PASSWORD = 'newsletter-drill-password-2026';
jest.setTimeout(300_000);

beforeAll(buildOnce);

/** Keeps the recipients of acknowledged mails; holds the answer to one mail when asked, then never gives it. */
class AcknowledgingReceiver {
  readonly delivered: string[] = [];
  holdAfter = Infinity;
  private heldAt: (() => void) | undefined;
  readonly held = new Promise<void>((resolve) => (this.heldAt = resolve));
  url = '';
  private readonly server = new SMTPServer({
    authOptional: true,
    disabledCommands: ['STARTTLS'],
    // No reverse lookup of 127.0.0.1 for each of thousands of connections.
    disableReverseLookup: true,
    logger: false,
    onData: (stream, session, callback) => {
      stream.resume();
      stream.on('end', () => {
        if (this.delivered.length >= this.holdAfter) {
          // Received but never answered: the sender is killed waiting for this answer.
          this.holdAfter = Infinity;
          this.heldAt?.();
          return;
        }
        this.delivered.push(session.envelope.rcptTo[0]!.address);
        callback();
      });
    },
  });

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.url = `smtp://127.0.0.1:${(this.server.server.address() as AddressInfo).port}`;
    return this;
  }

  async waitFor(count: number, timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    while (this.delivered.length < count && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 100));
  }

  stop(): Promise<void> {
    return new Promise((resolve) => this.server.close(() => resolve()));
  }
}

async function signIn(baseUrl: string): Promise<string> {
  const credentials = JSON.stringify({ email: 'owner@larkspur.example', password: PASSWORD });
  const headers = { 'content-type': 'application/json' };
  expect((await fetch(`${baseUrl}/api/auth/register`, { method: 'POST', headers, body: credentials })).status).toBe(201);
  const login = await fetch(`${baseUrl}/api/auth/login`, { method: 'POST', headers, body: credentials });
  return ((await login.json()) as { token: string }).token;
}

describe.each(engines())('newsletter crash drill on $name', ({ name, env }) => {
  it(`mails each of ${SUBSCRIBERS} subscribers exactly once across a SIGKILL mid-send`, async () => {
    const receiver = await new AcknowledgingReceiver().start();
    const port = 3500 + Number(process.env.JEST_WORKER_ID ?? 1) * 10 + (name === 'postgres' ? 1 : 0);
    const baseUrl = `http://127.0.0.1:${port}`;
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-newsletter-drill-'));
    const serverEnv = { ...env, SMTP_URL: receiver.url, NEWSLETTER_RATE: '200' };
    let server = await startBuiltServer(port, dataDir, serverEnv);
    try {
      const token = await signIn(baseUrl);
      const auth = { authorization: `Bearer ${token}` };
      const addresses = Array.from({ length: SUBSCRIBERS }, (_, i) => `reader${String(i).padStart(4, '0')}@home.example`);
      const imported = await fetch(`${baseUrl}/api/subscribers/import`, { method: 'POST', headers: { ...auth, 'content-type': 'text/csv' }, body: `email,consent\n${addresses.map((address) => `${address},yes`).join('\n')}\n` });
      expect(await imported.json()).toEqual({ subscribed: SUBSCRIBERS, invited: 0, unchanged: 0 });

      const form = new FormData();
      form.append('title', 'Spring news from the studio');
      form.append('body', 'What we built this spring.');
      const created = await fetch(`${baseUrl}/api/posts`, { method: 'POST', headers: auth, body: form });
      expect(created.status).toBe(201);
      const post = (await created.json()) as { _id: string };

      receiver.holdAfter = KILL_AFTER_DELIVERED;
      expect((await fetch(`${baseUrl}/api/posts/id/${post._id}/newsletter`, { method: 'POST', headers: auth })).status).toBe(202);
      const sendStarted = Date.now();
      await receiver.held;
      console.info(`${KILL_AFTER_DELIVERED} mails in ${Date.now() - sendStarted} ms before the kill`);
      server.kill('SIGKILL');
      await exited(server);
      expect(receiver.delivered).toHaveLength(KILL_AFTER_DELIVERED);

      server = await startBuiltServer(port, dataDir, serverEnv);
      // The mail cut short waits for its sender's claim to run out (a minute), the rest go at once.
      const restarted = Date.now();
      await receiver.waitFor(SUBSCRIBERS, 150_000);
      console.info(`${receiver.delivered.length} mails ${Date.now() - restarted} ms after the restart`);
      // Anything sent twice would arrive just after.
      await new Promise((resolve) => setTimeout(resolve, 1_500));
      expect(receiver.delivered).toHaveLength(SUBSCRIBERS);
      expect(new Set(receiver.delivered)).toEqual(new Set(addresses));

      const sends = (await (await fetch(`${baseUrl}/api/newsletter/sends`, { headers: auth })).json()) as Array<Record<string, unknown>>;
      expect(sends).toEqual([expect.objectContaining({ postId: post._id, state: 'done', total: SUBSCRIBERS, sent: SUBSCRIBERS, failed: 0 })]);
    } finally {
      server.kill('SIGTERM');
      await exited(server);
      await receiver.stop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    }
  });
});

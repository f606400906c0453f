// Crash drill of the newsletter: a 2,000-subscriber send, the server killed with SIGKILL half-way
// and started again on the same data; every subscriber must get the post exactly once.
// `npm run drill:newsletter` (NEWSLETTER_DRILL_SUBSCRIBERS, NEWSLETTER_DRILL_RATE to change the size and pace).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { SMTPServer } from 'smtp-server';
import { adminToken, createPost } from './lib/seed.mjs';
import { startBuiltServer } from './lib/serve-built.mjs';

const SUBSCRIBERS = Number(process.env.NEWSLETTER_DRILL_SUBSCRIBERS ?? 2000);
const RATE = Number(process.env.NEWSLETTER_DRILL_RATE ?? 200);
const port = Number(process.env.DRILL_PORT ?? 3160);

const received = new Map();
const smtp = new SMTPServer({
  authOptional: true,
  disabledCommands: ['STARTTLS'],
  logger: false,
  onData(stream, session, callback) {
    stream.resume();
    stream.on('end', () => {
      for (const { address } of session.envelope.rcptTo) received.set(address, (received.get(address) ?? 0) + 1);
      callback();
    });
  },
});
await new Promise((resolve) => smtp.listen(0, '127.0.0.1', resolve));
const env = { SMTP_URL: `smtp://127.0.0.1:${smtp.server.address().port}`, NEWSLETTER_RATE: String(RATE) };
const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'agency-newsletter-drill-'));
const total = () => [...received.values()].reduce((sum, count) => sum + count, 0);
const waitFor = async (done, seconds) => {
  for (let tick = 0; tick < seconds * 10 && !done(); tick++) await new Promise((resolve) => setTimeout(resolve, 100));
};

let server = await startBuiltServer({ port, env, dataDir });
try {
  const token = await adminToken(server.baseUrl);
  const csv = `email,consent\n${Array.from({ length: SUBSCRIBERS }, (_, i) => `reader${i}@drill.example,yes`).join('\n')}\n`;
  const imported = await fetch(`${server.baseUrl}/api/subscribers/import`, { method: 'POST', headers: { authorization: `Bearer ${token}`, 'content-type': 'text/csv' }, body: csv });
  if (!imported.ok) throw new Error(`import answered ${imported.status}: ${await imported.text()}`);
  const post = await createPost(server.baseUrl, token, { title: 'Drill post', body: 'Sent once to everyone.', status: 'published' });
  const asked = await fetch(`${server.baseUrl}/api/posts/id/${post._id}/newsletter`, { method: 'POST', headers: { authorization: `Bearer ${token}` } });
  if (asked.status !== 202) throw new Error(`the send answered ${asked.status}`);

  await waitFor(() => total() >= SUBSCRIBERS / 2, 120);
  const beforeKill = total();
  server.child.kill('SIGKILL');
  await new Promise((resolve) => server.child.once('exit', resolve));
  console.log(`killed with SIGKILL after ${beforeKill} of ${SUBSCRIBERS} mails`);

  server = await startBuiltServer({ port, env, dataDir });
  await waitFor(() => received.size >= SUBSCRIBERS, 120 + SUBSCRIBERS / RATE);
  // Anything sent twice would arrive just after.
  await new Promise((resolve) => setTimeout(resolve, 2000));
  const twice = [...received].filter(([, count]) => count > 1);
  console.log(`after the restart: ${received.size} of ${SUBSCRIBERS} subscribers mailed, ${total()} mails, ${twice.length} mailed more than once`);
  if (received.size !== SUBSCRIBERS || twice.length > 0) {
    console.error(`FAIL: ${twice.map(([address, count]) => `${address} ×${count}`).join(', ') || 'not everyone was mailed'}`);
    process.exitCode = 1;
  } else {
    console.log('ok: every subscriber got the post exactly once');
  }
} finally {
  await server.stop();
  await new Promise((resolve) => smtp.close(resolve));
  fs.rmSync(dataDir, { recursive: true, force: true });
}

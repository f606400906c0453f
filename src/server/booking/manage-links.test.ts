import { randomBytes } from 'node:crypto';
import type { OutgoingMail } from '../mail/mailer';
import { hashToken, isTokenShaped, ManageLinks, newToken } from './manage-links';

const key = randomBytes(32);
const links = new ManageLinks(key);
const mail = (text: string): OutgoingMail => ({ to: 'ana@bakery.example', subject: 'Your call', text, html: `<p>${text}</p>` });

it('makes random tokens of the link’s shape, stored only as their SHA-256', () => {
  const token = newToken();
  expect(isTokenShaped(token)).toBe(true);
  expect(newToken()).not.toBe(token);
  expect(hashToken(token)).toMatch(/^[0-9a-f]{64}$/);
  expect(hashToken(token)).not.toContain(token);
  expect(isTokenShaped(`${token}x`)).toBe(false);
  expect(isTokenShaped('../../etc/passwd'.padEnd(43, 'a'))).toBe(false);
});

it('queues a mail with a stand-in and the token sealed, and puts the token in as it goes', () => {
  const token = newToken();
  const queued = links.queued(mail(`Manage: https://site.example/book/manage/${links.standIn}`), token);
  expect(queued).not.toContain(token);
  expect(queued).toContain(links.standIn);
  const sent = links.open(queued)!;
  expect(sent.text).toBe(`Manage: https://site.example/book/manage/${token}`);
  expect(sent.html).toContain(token);
  expect(sent).not.toHaveProperty('sealedLinkToken');
});

it('leaves a mail without a link as it is (the owner’s, a cancellation)', () => {
  const plain = mail('Cancelled.');
  expect(links.queued(plain, newToken())).toBe(JSON.stringify(plain));
  expect(links.open(links.queued(plain))).toEqual(plain);
});

it('refuses to open a token sealed under another key or altered', () => {
  const queued = links.queued(mail(links.standIn), newToken());
  expect(() => new ManageLinks(randomBytes(32)).open(queued)).toThrow();
  const parsed = JSON.parse(queued) as { sealedLinkToken: string };
  // The first character of the sealed body: six whole bits of the ciphertext.
  const [version, iv, body, tag] = parsed.sealedLinkToken.split('.') as [string, string, string, string];
  const flipped = `${body[0] === 'A' ? 'B' : 'A'}${body.slice(1)}`;
  const altered = JSON.stringify({ ...parsed, sealedLinkToken: [version, iv, flipped, tag].join('.') });
  expect(() => links.open(altered)).toThrow();
});

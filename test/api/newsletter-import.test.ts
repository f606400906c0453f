import { engines } from '../support/engines';
import { adminToken, bearer } from '../support/posts-api';
import { startSite, type TestSite } from './accounts-helpers';
import { NewsletterSmtp } from './newsletter-helpers';

jest.setTimeout(30_000);

describe.each(engines())('subscriber import and export on $name', ({ env }) => {
  let smtp: NewsletterSmtp;
  let site: TestSite;
  let token: string;

  beforeEach(async () => {
    smtp = await new NewsletterSmtp().start();
    site = await startSite(env, { SMTP_URL: smtp.url, NEWSLETTER_RATE: '1000' });
    token = await adminToken(site.app);
  });
  afterEach(async () => {
    await site.close();
    await smtp.stop();
  });

  const importCsv = (csv: string, contentType = 'text/csv') =>
    site.app.inject({ method: 'POST', url: '/api/subscribers/import', headers: { ...bearer(token), 'content-type': contentType }, payload: csv });
  const list = async () => (await site.app.inject({ method: 'GET', url: '/api/subscribers?limit=100', headers: bearer(token) })).json();

  it('subscribes rows with consent yes, mails the others a confirmation, and exports them all as CSV', async () => {
    const answer = await importCsv('\uFEFFEmail,Consent\r\nAnn@Shop.example,yes\r\n"bo@shop.example",no\r\ncy@shop.example,\r\nann@shop.example,YES\r\n');
    expect(answer.statusCode).toBe(200);
    expect(answer.json()).toEqual({ subscribed: 1, invited: 2, unchanged: 0 });
    await smtp.waitFor(2);
    expect(smtp.mails.map((mail) => mail.to).sort()).toEqual(['bo@shop.example', 'cy@shop.example']);
    const { subscribers, confirmed, total } = await list();
    expect({ confirmed, total }).toEqual({ confirmed: 1, total: 3 });
    expect(subscribers.find((row: { email: string }) => row.email === 'ann@shop.example').status).toBe('confirmed');

    // Again: nothing twice.
    expect((await importCsv('email,consent\nann@shop.example,yes\n')).json()).toEqual({ subscribed: 0, invited: 0, unchanged: 1 });

    const exported = await site.app.inject({ method: 'GET', url: '/api/subscribers/export', headers: bearer(token) });
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(exported.headers['content-disposition']).toMatch(/^attachment; filename="subscribers-\d{4}-\d{2}-\d{2}\.csv"$/);
    const lines = exported.body.trim().split('\r\n');
    expect(lines[0]).toBe('email,status,subscribed,confirmed');
    expect(lines.slice(1).map((line) => line.split(',').slice(0, 2).join(',')).sort()).toEqual(['ann@shop.example,confirmed', 'bo@shop.example,pending', 'cy@shop.example,pending']);
  });

  it('refuses a file with bad rows by line and imports nothing of it', async () => {
    const answer = await importCsv('email,consent\nok@shop.example,yes\nnot-an-address,yes\n,yes\nfine@shop.example,no\n');
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({
      message: '2 rows are not valid; nothing was imported.',
      errors: [
        { line: 3, message: '"not-an-address" is not a valid email address.' },
        { line: 4, message: 'Email is missing.' },
      ],
    });
    expect((await list()).total).toBe(0);

    for (const [csv, message] of [
      ['', /empty/],
      ['name,consent\nx,yes\n', /column named email/],
      ['email\n', /no rows/],
      ['email\n"unterminated,yes\n', /not valid CSV/],
    ] as const) {
      const refused = await importCsv(csv);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().message).toMatch(message);
    }
    const asJson = await importCsv('email\nx@y.example', 'application/json');
    expect(asJson.statusCode).toBe(400);
    expect(asJson.json()).toHaveProperty('message');
    expect((await importCsv('email\nx@y.example', 'application/xml')).statusCode).toBe(415);
    const oversized = await importCsv(`email\n${'a@b.example\n'.repeat(200_000)}`);
    expect(oversized.statusCode).toBe(413);
    expect(oversized.json()).toHaveProperty('message');
    const tooMany = await importCsv(`email\n${Array.from({ length: 20_001 }, (_, i) => `r${i}@b.example`).join('\n')}`);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().message).toMatch(/at most 20,000/);
    expect((await site.app.inject({ method: 'POST', url: '/api/subscribers/import', headers: { 'content-type': 'text/csv' }, payload: 'email\n' })).statusCode).toBe(401);
  });

  it('lists with search and paging, and deletes', async () => {
    await importCsv(`email,consent\n${Array.from({ length: 30 }, (_, i) => `p${i}@shop.example,yes`).join('\n')}\nodd_one@shop.example,yes\n`);
    const first = (await site.app.inject({ method: 'GET', url: '/api/subscribers?page=2&limit=25', headers: bearer(token) })).json();
    expect(first).toMatchObject({ total: 31, confirmed: 31 });
    expect(first.subscribers).toHaveLength(6);
    // `_` is a letter in a search, not a wildcard.
    const found = (await site.app.inject({ method: 'GET', url: '/api/subscribers?q=D_O', headers: bearer(token) })).json();
    expect(found.subscribers.map((row: { email: string }) => row.email)).toEqual(['odd_one@shop.example']);
    expect((await site.app.inject({ method: 'GET', url: '/api/subscribers?limit=500', headers: bearer(token) })).statusCode).toBe(400);
    const id = found.subscribers[0]._id as string;
    expect((await site.app.inject({ method: 'DELETE', url: `/api/subscribers/${id}`, headers: bearer(token) })).statusCode).toBe(204);
    expect((await site.app.inject({ method: 'DELETE', url: `/api/subscribers/${id}`, headers: bearer(token) })).statusCode).toBe(404);
  });
});

import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { engines } from '../support/engines';
import { testConfig } from '../support/test-config';
import { startSite, type TestSite } from './accounts-helpers';
import { listMessages, ownerHeaders, sendContact, VISITOR } from './contact-helpers';
import { changeLead, setClock } from './leads-helpers';
import { SmtpReceiver } from './smtp-receiver';

const ZONE = 'Europe/Berlin';

describe.each(engines())('the 08:00 follow-up reminder on $name', ({ env }) => {
  let site: TestSite;
  let other: FastifyInstance;
  let smtp: SmtpReceiver;
  let owner: Record<string, string>;

  /** Both instances at one moment, in the site's zone. */
  const at = (iso: string) => {
    for (const app of [site.app, other]) setClock(app, iso);
  };
  const bothPoke = () => Promise.all([site.app.leads.reminder.poke(), other.leads.reminder.poke(), site.app.leads.reminder.poke()]);
  const settle = () => new Promise((resolve) => setTimeout(resolve, 300));
  /** The reminders received (the messages themselves are mailed to the agency too). */
  const reminders = () => smtp.mails.filter((mail) => mail.decoded.includes('Subject: Follow up today'));
  async function reminder(n: number) {
    for (let waited = 0; reminders().length < n; waited += 20) {
      if (waited > 10_000) throw new Error(`reminder ${n} not received`);
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    return reminders()[n - 1]!;
  }

  beforeEach(async () => {
    smtp = await new SmtpReceiver().start();
    site = await startSite(env, { CONTACT_DELIVERY: 'server', SMTP_URL: smtp.url });
    // A second instance on the same database (and, on SQLite, the same file).
    other = await buildApp(
      testConfig({ ...env, DATA_DIR: site.config.dataDir, ...(site.config.databaseSchema ? { DATABASE_SCHEMA: site.config.databaseSchema } : {}), CONTACT_DELIVERY: 'server', SMTP_URL: smtp.url }),
    );
    for (const app of [site.app, other]) app.leads.timeZone = async () => ZONE;
    // The Saturday before Europe's clocks go forward (2026-03-29, 02:00 → 03:00).
    at('2026-03-28T06:00:00.000Z');
    await other.ready();
    owner = await ownerHeaders(site.app);
  });
  afterEach(async () => {
    await other.close();
    await site.close();
    await smtp.stop();
  });

  it('mails once, at 08:00 local across the change of clocks, whatever the number of instances, and not on days with nothing due', async () => {
    await sendContact(site.app, VISITOR);
    await sendContact(site.app, { ...VISITOR, name: 'Ola Berg', email: 'ola@example.com' });
    const [ola, maria] = await listMessages(site.app, owner);
    await changeLead(site.app, owner, maria!._id as string, { followUpOn: '2026-03-29', status: 'contacted' });
    await changeLead(site.app, owner, ola!._id as string, { followUpOn: '2026-03-20' });
    // Saturday 08:00 CET (07:00 UTC) goes by: Ola is overdue, one mail that day.
    at('2026-03-28T06:59:00.000Z');
    await bothPoke();
    await settle();
    expect(reminders()).toHaveLength(0);
    at('2026-03-28T07:00:00.000Z');
    await bothPoke();
    const saturday = await reminder(1);
    expect(saturday.to).toEqual(['hello@larkspur.example']);
    expect(saturday.decoded).toContain('Subject: Follow up today: 1 lead');
    expect(saturday.decoded).toContain('Ola Berg <ola@example.com>, New, follow up since 2026-03-20');
    expect(saturday.decoded).toContain('https://agency.test/admin/inbox');

    // Ola is dealt with; Sunday, summer time: 08:00 CEST is 06:00 UTC, an hour earlier.
    await changeLead(site.app, owner, ola!._id as string, { status: 'won', amount: 900 });
    at('2026-03-29T05:59:59.000Z');
    await bothPoke();
    await settle();
    expect(reminders()).toHaveLength(1);
    at('2026-03-29T06:00:00.000Z');
    await bothPoke();
    const sunday = await reminder(2);
    expect(sunday.decoded).toContain('Maria Okafor <maria@bakery.example>, Contacted, follow up today');
    expect(sunday.decoded).not.toContain('Ola');
    at('2026-03-29T12:00:00.000Z');
    await bothPoke();
    await settle();
    expect(reminders()).toHaveLength(2);

    // Monday: nothing due, no mail (the day is decided once).
    await changeLead(site.app, owner, maria!._id as string, { status: 'lost' });
    at('2026-03-30T06:00:00.000Z');
    await bothPoke();
    await settle();
    expect(reminders()).toHaveLength(2);
    const days = await site.app.database.db.selectFrom('lead_reminders').select(['day', 'state', 'attempts']).orderBy('day').execute();
    expect(days.map((row) => [row.day, row.state, Number(row.attempts)])).toEqual([
      ['2026-03-28', 'sent', 1],
      ['2026-03-29', 'sent', 1],
      ['2026-03-30', 'none', 0],
    ]);
  });

  it('answers "due today" by the site’s day', async () => {
    await sendContact(site.app, VISITOR);
    const [maria] = await listMessages(site.app, owner);
    await changeLead(site.app, owner, maria!._id as string, { followUpOn: '2026-03-29' });
    // 23:30 UTC on the 28th is already the 29th in Berlin.
    at('2026-03-28T23:30:00.000Z');
    const due = (await site.app.inject({ method: 'GET', url: '/api/leads/due', headers: owner })).json();
    expect(due).toMatchObject({ today: '2026-03-29', leads: [{ name: 'Maria Okafor', overdue: false }] });
  });
});

import { engines } from '../support/engines';
import { startSite, type TestSite } from './accounts-helpers';
import { listMessages, ownerHeaders, sendContact, startForm, VISITOR } from './contact-helpers';
import { changeLead, setClock } from './leads-helpers';

describe.each(engines())('leads in the inbox on $name', ({ env }) => {
  let site: TestSite;
  let owner: Record<string, string>;

  beforeEach(async () => {
    site = await startSite(env, { CONTACT_DELIVERY: 'server' });
    setClock(site.app, '2026-03-10T09:00:00.000Z');
    owner = await ownerHeaders(site.app);
  });
  afterEach(() => site.close());

  const leadOf = async (id: string) => (await listMessages(site.app, owner)).find((message) => message._id === id)!.lead as Record<string, unknown>;

  it('keeps where the visitor came from with the message, bounded', async () => {
    const sent = await sendContact(site.app, {
      ...VISITOR,
      landingPath: '/services',
      referrerHost: 'WWW.Example.ORG',
      utmSource: 'Newsletter',
      utmMedium: 'email',
      utmCampaign: `spring ${'x'.repeat(500)}`,
      viewedPaths: ['/services', '/not-a-page', '/about?x=1', ...Array.from({ length: 60 }, () => '/about'), '/contact'],
    });
    expect(sent.statusCode).toBe(201);
    const [message] = await listMessages(site.app, owner);
    const lead = message!.lead as Record<string, unknown>;
    expect(lead).toMatchObject({ status: 'new', source: 'newsletter', landingPath: '/services', referrerHost: 'www.example.org', utmSource: 'Newsletter', utmMedium: 'email', followUpOn: null, amount: null, notes: [] });
    expect([...(lead.utmCampaign as string)]).toHaveLength(100);
    // The last 50 viewed, served pages only.
    expect(lead.viewedPaths).toEqual([...Array.from({ length: 49 }, () => '/about'), '/contact']);
  });

  it('refuses a source field of the wrong type and drops forged values', async () => {
    const wrong = await sendContact(site.app, { ...VISITOR, viewedPaths: { a: 1 } });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json()).toEqual({ message: 'viewedPaths must be a list of page paths.' });
    const forged = await sendContact(site.app, { ...VISITOR, landingPath: '/admin/dashboard', referrerHost: '<script>', viewedPaths: ['javascript:alert(1)', '/%E0%A4%A'] });
    expect(forged.statusCode).toBe(201);
    const [message] = await listMessages(site.app, owner);
    expect(message!.lead).toMatchObject({ source: 'direct', landingPath: null, referrerHost: null, viewedPaths: [] });
  });

  it('takes the page a plain form was sent from', async () => {
    const startToken = await startForm(site.app);
    const body = new URLSearchParams({ ...VISITOR, website: '', startToken, landingPath: '/contact' }).toString();
    const answer = await site.app.inject({ method: 'POST', url: '/api/contact', payload: body, headers: { 'content-type': 'application/x-www-form-urlencoded' } });
    expect(answer.statusCode).toBe(303);
    const [message] = await listMessages(site.app, owner);
    expect(message!.lead).toMatchObject({ landingPath: '/contact', viewedPaths: ['/contact'], source: 'direct' });
  });

  it('moves a lead through its statuses with notes, a follow-up and an amount once won', async () => {
    await sendContact(site.app, VISITOR);
    const [message] = await listMessages(site.app, owner);
    const id = message!._id as string;

    expect((await changeLead(site.app, owner, id, { status: 'contacted', followUpOn: '2026-03-12' })).json().lead).toMatchObject({ status: 'contacted', followUpOn: '2026-03-12' });
    const noted = await site.app.inject({ method: 'POST', url: `/api/contact/messages/${id}/notes`, headers: owner, payload: { text: 'Called; wants a quote.' } });
    expect(noted.statusCode).toBe(201);
    expect(noted.json().lead.notes).toEqual([{ _id: expect.any(String), text: 'Called; wants a quote.', createdAt: site.app.clock.now().toISOString() }]);

    const early = await changeLead(site.app, owner, id, { amount: 1200 });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toEqual({ message: 'An amount is kept for won leads only.' });
    expect((await changeLead(site.app, owner, id, { followUpOn: '2026-02-30' })).statusCode).toBe(400);
    expect((await changeLead(site.app, owner, id, { status: 'maybe' })).statusCode).toBe(400);
    expect((await changeLead(site.app, owner, id, { amount: 10.001, status: 'won' })).statusCode).toBe(400);
    expect((await changeLead(site.app, owner, id, {})).statusCode).toBe(400);

    const won = await changeLead(site.app, owner, id, { status: 'won', amount: 2450.5 });
    expect(won.statusCode).toBe(200);
    expect(won.json().lead).toMatchObject({ status: 'won', amount: 2450.5, statusChangedAt: site.app.clock.now().toISOString() });

    const byStatus = async (status: string) => (await site.app.inject({ method: 'GET', url: `/api/contact/messages?status=${status}`, headers: owner })).json() as unknown[];
    expect(await byStatus('won')).toHaveLength(1);
    expect(await byStatus('new')).toHaveLength(0);
    // Leaving Won drops the amount.
    expect((await changeLead(site.app, owner, id, { status: 'lost' })).json().lead).toMatchObject({ status: 'lost', amount: null });

    const noteId = ((await leadOf(id)).notes as Array<{ _id: string }>)[0]!._id;
    expect((await site.app.inject({ method: 'DELETE', url: `/api/contact/messages/${id}/notes/${noteId}`, headers: owner })).statusCode).toBe(204);
    expect((await leadOf(id)).notes).toEqual([]);

    expect((await changeLead(site.app, owner, 'nope', { status: 'won' })).statusCode).toBe(404);
    expect((await site.app.inject({ method: 'PATCH', url: `/api/contact/messages/${id}/lead`, payload: { status: 'won' } })).statusCode).toBe(401);
  });

  it('lists the leads due today or overdue, open ones only', async () => {
    for (const name of ['Ann', 'Bea', 'Cal', 'Dan']) await sendContact(site.app, { ...VISITOR, name, email: `${name.toLowerCase()}@example.com` });
    const messages = await listMessages(site.app, owner);
    const id = (name: string) => messages.find((message) => message.name === name)!._id as string;
    await changeLead(site.app, owner, id('Ann'), { followUpOn: '2026-03-10' });
    await changeLead(site.app, owner, id('Bea'), { followUpOn: '2026-03-01' });
    await changeLead(site.app, owner, id('Cal'), { followUpOn: '2026-03-11' });
    await changeLead(site.app, owner, id('Dan'), { followUpOn: '2026-03-01', status: 'lost' });
    const due = await site.app.inject({ method: 'GET', url: '/api/leads/due', headers: owner });
    expect(due.json()).toEqual({
      today: '2026-03-10',
      leads: [
        { _id: id('Bea'), name: 'Bea', email: 'bea@example.com', status: 'new', followUpOn: '2026-03-01', overdue: true },
        { _id: id('Ann'), name: 'Ann', email: 'ann@example.com', status: 'new', followUpOn: '2026-03-10', overdue: false },
      ],
    });
  });

  it('exports the leads as CSV with formulas neutralised', async () => {
    await sendContact(site.app, { ...VISITOR, name: '=SUM(A1:A9)+"x"', utmSource: 'newsletter', landingPath: '/blog' });
    setClock(site.app, '2026-03-10T10:00:00.000Z');
    await sendContact(site.app, { ...VISITOR, name: 'Zoë, "Z" Müller' });
    const [zoe] = await listMessages(site.app, owner);
    await changeLead(site.app, owner, zoe!._id as string, { status: 'won', amount: 1500 });
    const csv = await site.app.inject({ method: 'GET', url: '/api/leads/export', headers: owner });
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(csv.headers['content-disposition']).toMatch(/^attachment; filename="leads-2026-03-1\d\.csv"$/);
    expect(csv.body.replace(/^\uFEFF/, '')).toBe(
      [
        'received,name,email,status,source,landing page,value',
        '2026-03-10T10:00:04.000Z,"Zoë, ""Z"" Müller",maria@bakery.example,Won,direct,,1500.00',
        `2026-03-10T09:00:04.000Z,"'=SUM(A1:A9)+""x""",maria@bakery.example,New,newsletter,/blog,`,
        '',
      ].join('\r\n'),
    );
    expect((await site.app.inject({ method: 'GET', url: '/api/leads/export' })).statusCode).toBe(401);
  });

  it('erases one person’s messages by address, keeping their count', async () => {
    await sendContact(site.app, { ...VISITOR, email: 'Maria@Bakery.example' });
    await sendContact(site.app, VISITOR);
    await sendContact(site.app, { ...VISITOR, email: 'other@example.com' });
    const [, maria] = await listMessages(site.app, owner);
    await site.app.inject({ method: 'POST', url: `/api/contact/messages/${maria!._id}/notes`, headers: owner, payload: { text: 'x' } });
    const erased = await site.app.inject({ method: 'POST', url: '/api/leads/erase', headers: owner, payload: { email: 'maria@bakery.example' } });
    expect(erased.json()).toEqual({ erased: 2 });
    expect((await listMessages(site.app, owner)).map((message) => message.email)).toEqual(['other@example.com']);
    const notes = await site.app.database.db.selectFrom('lead_notes').selectAll().execute();
    expect(notes).toHaveLength(0);
    const report = await site.app.inject({ method: 'GET', url: '/api/insights/leads?days=7', headers: owner });
    expect(report.json()).toMatchObject({ leads: 3 });
    expect((await site.app.inject({ method: 'POST', url: '/api/leads/erase', headers: owner, payload: { email: 'nobody' } })).statusCode).toBe(400);
    expect((await site.app.inject({ method: 'POST', url: '/api/leads/erase', headers: owner, payload: {} })).statusCode).toBe(400);
  });
});

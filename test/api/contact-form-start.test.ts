import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../src/server/app';
import { engines } from '../support/engines';
import { removeDataDir } from '../support/test-config';
import { startSite, type TestSite } from './accounts-helpers';
import { advanceClock, listMessages, ownerHeaders, startForm, THANK_YOU, VISITOR } from './contact-helpers';

// The 3-second rule reads the time this visitor was handed the form, though /contact is a cached
// page shared by every visitor: the page holds no start time, and each answer sets its own.

describe('the contact form’s start time through the page cache', () => {
  let site: TestSite;
  let owner: Record<string, string>;

  beforeEach(async () => {
    site = await startSite({}, { CONTACT_DELIVERY: 'server' });
    owner = await ownerHeaders(site.app);
  });
  afterEach(() => site.close());

  /** A view of /contact: its body and the start cookie its answer set. */
  async function viewContact(url = '/contact') {
    const answer = await site.app.inject({ method: 'GET', url });
    expect(answer.statusCode).toBe(200);
    const setCookie = String(answer.headers['set-cookie']);
    const cookie = /^(contact_start=[^;]+)/.exec(setCookie)?.[1];
    if (!cookie) throw new Error(`no start cookie in ${setCookie}`);
    return { body: answer.body, setCookie, cookie };
  }

  const postForm = (fields: Record<string, string>, headers: Record<string, string> = {}) =>
    site.app.inject({
      method: 'POST',
      url: '/api/contact',
      headers: { 'content-type': 'application/x-www-form-urlencoded', ...headers },
      payload: new URLSearchParams({ ...VISITOR, website: '', startToken: '', ...fields }).toString(),
    });

  const spamReasons = async () => (await listMessages(site.app, owner, 'spam')).map((m) => m.spamReason);

  it('caches a page that holds no start time, and sets each visitor’s own in a cookie for the form alone', async () => {
    const first = await viewContact();
    advanceClock(site.app, 5000);
    const second = await viewContact('/contact?utm_source=news');
    expect(site.app.contentCache.pages.get('/contact')).toBeDefined();
    // The second body came from the cache: the same bytes, a start time of its own.
    expect(second.body).toBe(first.body);
    expect(second.cookie).not.toBe(first.cookie);
    expect(first.body).toMatch(/<input type="hidden" name="startToken" value=""\/>/);
    expect(first.body).not.toContain(first.cookie.split('=')[1]!.split('.')[0]);
    expect(first.body).not.toContain('getContactForm');
    expect(first.setCookie).toBe(`${first.cookie}; Max-Age=86400; Path=/api/contact; HttpOnly; SameSite=Strict; Secure`);
    // Nothing but the time and its signature.
    expect(first.cookie).toMatch(/^contact_start=\d{13}\.[\w-]{43}$/);
  });

  it('refuses a robot that posts the cached form 1 s after its own first view, without JavaScript, and keeps a person’s post', async () => {
    await viewContact(); // another visitor puts the page in the cache
    advanceClock(site.app, 60_000);

    const robot = await viewContact();
    advanceClock(site.app, 1000);
    const sent = await postForm({ name: 'Robot' }, { cookie: robot.cookie });
    // Answered as a person would be, kept apart, never mailed.
    expect(sent.statusCode).toBe(303);
    expect(sent.headers.location).toBe('/contact?sent=1');
    expect(await listMessages(site.app, owner)).toEqual([]);
    expect(await spamReasons()).toEqual(['sent too fast']);

    const person = await viewContact();
    advanceClock(site.app, 3500);
    expect((await postForm({ name: 'Person' }, { cookie: `theme=dark; ${person.cookie}` })).statusCode).toBe(303);
    expect((await listMessages(site.app, owner)).map((m) => m.name)).toEqual(['Person']);
  });

  it('judges a post with JavaScript by the start time the form fetched when shown, not by an older page view', async () => {
    const page = await viewContact();
    advanceClock(site.app, 60_000);
    const token = await startForm(site.app, 1000);
    const robot = await site.app.inject({ method: 'POST', url: '/api/contact', headers: { cookie: page.cookie }, payload: { ...VISITOR, website: '', startToken: token } });
    expect(robot.json()).toEqual(THANK_YOU);
    expect(await spamReasons()).toEqual(['sent too fast']);

    // A script that sent before its fetch came back: the page view's cookie stands in.
    const early = await site.app.inject({ method: 'POST', url: '/api/contact', headers: { cookie: page.cookie }, payload: { ...VISITOR, website: '', startToken: '' } });
    expect(early.json()).toEqual(THANK_YOU);
    expect(await listMessages(site.app, owner)).toHaveLength(1);
  });

  it('judges a post with neither start time, or a forged cookie, spam', async () => {
    await postForm({});
    const { cookie } = await viewContact();
    const [name, value] = cookie.split('=');
    const [ms, signature] = value!.split('.');
    advanceClock(site.app, 60_000);
    await postForm({}, { cookie: `${name}=${Number(ms) - 60_000}.${signature}` });
    expect((await spamReasons()).sort()).toEqual(['forged form-start time', 'no form-start time']);
  });

  it('sets no cookie where the form does not post to the server', async () => {
    const mailto = await startSite({});
    try {
      const answer = await mailto.app.inject({ method: 'GET', url: '/contact' });
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['set-cookie']).toBeUndefined();
      for (const url of ['/', '/privacy']) expect((await site.app.inject({ method: 'GET', url })).headers['set-cookie']).toBeUndefined();
      // The blog's pages carry the subscribe form, whose start time is a cookie of its own.
      expect(String((await site.app.inject({ method: 'GET', url: '/blog' })).headers['set-cookie'])).not.toContain('contact_start');
    } finally {
      await mailto.close();
    }
  });
});

describe.each(engines())('a contact form opened before JWT_SECRET changes, on $name', ({ env }) => {
  const apps: FastifyInstance[] = [];
  let site: TestSite;
  afterEach(async () => {
    await Promise.all(apps.map((app) => app.close()));
    removeDataDir(site.config);
  });

  it('posts as a person’s message after the change: its start time is signed with a key of its own', async () => {
    site = await startSite(env, { CONTACT_DELIVERY: 'server', JWT_SECRET: 'the-first-jwt-secret-of-at-least-32-bytes' });
    const opened = await site.app.inject({ method: 'GET', url: '/api/contact/form' });
    const { startToken } = opened.json<{ startToken: string }>();
    await site.app.close();

    // The same data folder and database; only the signing secret of sign-in tokens is another.
    const rotated = await buildApp({ ...site.config, jwtSecret: 'the-second-jwt-secret-of-at-least-32-bytes' });
    apps.push(rotated);
    advanceClock(rotated, 4000);
    const sent = await rotated.inject({ method: 'POST', url: '/api/contact', payload: { ...VISITOR, website: '', startToken } });
    expect(sent.statusCode).toBe(201);
    expect(sent.json()).toEqual(THANK_YOU);
    const owner = await ownerHeaders(rotated);
    expect((await listMessages(rotated, owner)).map((message) => message.email)).toEqual([VISITOR.email]);
    expect(await listMessages(rotated, owner, 'spam')).toEqual([]);
  });
});

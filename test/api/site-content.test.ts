import sharp from 'sharp';
import type { SiteContent } from '../../src/shared/contract/site/parts';
import { SITE_PARTS } from '../../src/shared/contract/site/parts';
import { siteDefaults } from '../../src/shared/site-content/defaults';
import { KEPT_PUBLICATIONS } from '../../src/server/site/site-repository';
import { engines } from '../support/engines';
import { bearer, sendPostForm } from '../support/posts-api';
import { useSiteContentApp, type SaveAnswer } from './site-content-helpers';

const clone = <T>(value: T): T => structuredClone(value);

describe.each(engines())('site content on $name', ({ env }) => {
  const fixture = useSiteContentApp(env);

  it('starts with the defaults, live and as the draft, with nothing to publish', async () => {
    const state = await fixture.site.state();
    expect(state.published).toEqual(siteDefaults);
    expect(state.draft).toEqual(siteDefaults);
    expect(state).toMatchObject({ publishedAt: null, hasDraft: false, changedParts: [], problems: [], draftVersion: 0 });
    expect(await fixture.site.live()).toEqual({ content: siteDefaults, publishedAt: null });
    expect((await fixture.site.publish(0)).statusCode).toBe(409);
  });

  it('needs the owner for every call but the live content', async () => {
    const calls = [
      { method: 'GET', url: '/api/site' },
      { method: 'PUT', url: '/api/site/draft/settings', payload: { version: 0, content: siteDefaults.settings } },
      { method: 'POST', url: '/api/site/draft/settings/reset', payload: { version: 0 } },
      { method: 'DELETE', url: '/api/site/draft' },
      { method: 'POST', url: '/api/site/publish', payload: { version: 0 } },
      { method: 'GET', url: '/api/site/publications' },
      { method: 'POST', url: '/api/site/publications/1/restore' },
    ] as const;
    for (const call of calls) {
      expect((await fixture.app.inject(call)).statusCode).toBe(401);
      expect((await fixture.app.inject({ ...call, headers: bearer('not-a-token') })).statusCode).toBe(401);
    }
  });

  it('saves every part into the draft, leaving the live site alone until published', async () => {
    let { draftVersion: version } = await fixture.site.state();
    const edited = clone(siteDefaults);
    edited.settings.phone = '(415) 555-0199';
    edited.home.hero.title = 'New heading';
    edited.about.mission.title = 'What we are for';
    edited.services.pages.seo.text = 'New **SEO** text.';
    edited.packages.packages[1]!.pricePerMonth = 525;
    edited.testimonials.items[2]!.quote = 'A new quote.';
    edited.privacy.text += '\n\nOne more paragraph.';
    for (const part of SITE_PARTS) {
      const response = await fixture.site.save(part, edited[part], version);
      expect(response.statusCode).toBe(200);
      const answer = response.json<SaveAnswer>();
      expect(answer.draftVersion).toBe(version + 1);
      version = answer.draftVersion;
    }
    const state = await fixture.site.state();
    expect(state.draft).toEqual(edited);
    expect(state.published).toEqual(siteDefaults);
    expect(state.changedParts).toEqual(SITE_PARTS);
    expect((await fixture.site.live()).content).toEqual(siteDefaults);
  });

  it('refuses a part that does not fit its schema with 400 naming the field, saving nothing', async () => {
    const { draftVersion } = await fixture.site.state();
    const cases: [string, unknown, RegExp][] = [
      ['packages', { ...siteDefaults.packages, packages: siteDefaults.packages.packages.slice(0, 2) }, /packages/],
      ['packages', { ...siteDefaults.packages, packages: siteDefaults.packages.packages.map((p) => ({ ...p, pricePerMonth: 'cheap' })) }, /pricePerMonth/],
      ['testimonials', { ...siteDefaults.testimonials, items: [...siteDefaults.testimonials.items, siteDefaults.testimonials.items[0]] }, /items/],
      ['services', { ...siteDefaults.services, process: { ...siteDefaults.services.process, steps: siteDefaults.services.process.steps.slice(1) } }, /steps/],
      ['settings', { ...siteDefaults.settings, name: 'x'.repeat(201) }, /name/],
      ['home', { ...siteDefaults.home, expertise: { ...siteDefaults.home.expertise, slides: siteDefaults.home.expertise.slides.slice(0, 3) } }, /slides/],
    ];
    for (const [part, content, field] of cases) {
      const response = await fixture.site.save(part, content, draftVersion);
      expect(response.statusCode).toBe(400);
      expect(response.json<{ message: string }>().message).toMatch(field);
    }
    expect((await fixture.site.save('nonsense', {}, draftVersion)).statusCode).toBe(404);
    expect((await fixture.site.state()).draftVersion).toBe(draftVersion);
    expect((await fixture.site.state()).hasDraft).toBe(false);
  });

  it('tells a stale form that the draft changed (409), keeping the other tab’s save', async () => {
    const { draftVersion } = await fixture.site.state();
    const first = { ...siteDefaults.settings, phone: '(415) 555-0100' };
    const second = { ...siteDefaults.settings, phone: '(415) 555-0111' };
    expect((await fixture.site.save('settings', first, draftVersion)).statusCode).toBe(200);
    const stale = await fixture.site.save('settings', second, draftVersion);
    expect(stale.statusCode).toBe(409);
    expect(stale.json<{ message: string }>().message).toMatch(/changed since you opened it/);
    expect((await fixture.site.state()).draft.settings.phone).toBe('(415) 555-0100');
    // Another part, read at the same version, was not touched in between: it saves.
    expect((await fixture.site.save('home', { ...siteDefaults.home, closing: { ...siteDefaults.home.closing, title: 'Talk to us' } }, draftVersion)).statusCode).toBe(200);
    // Publishing what the page has not seen is refused too.
    expect((await fixture.site.publish(draftVersion)).statusCode).toBe(409);
  });

  it('resets a part to its default in the draft, and discards the whole draft', async () => {
    let { draftVersion } = await fixture.site.state();
    draftVersion = (await fixture.site.save('about', { ...siteDefaults.about, mission: { ...siteDefaults.about.mission, title: 'Changed' } }, draftVersion)).json<SaveAnswer>().draftVersion;
    draftVersion = (await fixture.site.save('privacy', { ...siteDefaults.privacy, title: 'Changed' }, draftVersion)).json<SaveAnswer>().draftVersion;
    const reset = await fixture.site.reset('about', draftVersion);
    expect(reset.statusCode).toBe(200);
    let state = await fixture.site.state();
    expect(state.draft.about).toEqual(siteDefaults.about);
    expect(state.changedParts).toEqual(['privacy']);

    const discarded = await fixture.site.discard();
    expect(discarded.statusCode).toBe(200);
    state = await fixture.site.state();
    expect(state.hasDraft).toBe(false);
    expect(state.draft).toEqual(siteDefaults);
    // A form read before the discard is stale.
    expect((await fixture.site.save('privacy', { ...siteDefaults.privacy, title: 'Again' }, draftVersion)).statusCode).toBe(409);
  });

  it('runs the publish checks first: 422 naming every failing field, nothing published', async () => {
    const { draftVersion } = await fixture.site.state();
    const settings = { ...clone(siteDefaults.settings), email: 'not-an-address', phone: 'call us', social: clone(siteDefaults.settings.social) };
    settings.social[0]!.url = 'http://linkedin.example/us';
    const packages = clone(siteDefaults.packages);
    packages.packages[0]!.pricePerMonth = 0;
    packages.packages[2]!.checkoutUrl = 'ftp://pay.example/x';
    packages.packages[1]!.title = '  ';
    const home = clone(siteDefaults.home);
    home.expertise.slides[3]!.image.alt = '';
    let version = (await fixture.site.save('settings', settings, draftVersion)).json<SaveAnswer>().draftVersion;
    version = (await fixture.site.save('packages', packages, version)).json<SaveAnswer>().draftVersion;
    const saved = (await fixture.site.save('home', home, version)).json<SaveAnswer>();
    expect(saved.problems.length).toBeGreaterThan(0);

    const response = await fixture.site.publish(saved.draftVersion);
    expect(response.statusCode).toBe(422);
    const body = response.json<{ message: string; problems: { path: string; message: string }[] }>();
    expect(body.problems.map((problem) => problem.path).sort()).toEqual(
      [
        'settings.email',
        'settings.phone',
        'settings.social.0.url',
        'packages.packages.0.pricePerMonth',
        'packages.packages.1.title',
        'packages.packages.2.checkoutUrl',
        'home.expertise.slides.3.image.alt',
      ].sort(),
    );
    expect(body.message).toMatch(/7 fields need attention/);
    expect(await fixture.site.publications()).toEqual([]);
    expect((await fixture.site.live()).content).toEqual(siteDefaults);
  });

  it('publishes the draft: live at once, listed with what changed, and restorable as a new publication', async () => {
    let { draftVersion } = await fixture.site.state();
    const packages = clone(siteDefaults.packages);
    packages.packages[0]!.pricePerMonth = 275;
    draftVersion = (await fixture.site.save('packages', packages, draftVersion)).json<SaveAnswer>().draftVersion;
    const page = await fixture.app.inject({ method: 'GET', url: '/packages' });
    expect(page.statusCode).toBe(200);

    const published = await fixture.site.publish(draftVersion);
    expect(published.statusCode).toBe(201);
    const first = published.json<{ id: number; changes: unknown[]; restoredFrom: number | null }>();
    expect(first).toMatchObject({ id: 1, restoredFrom: null, changes: [{ part: 'packages', fields: ['packages.0.pricePerMonth'] }] });
    const state = await fixture.site.state();
    expect(state.hasDraft).toBe(false);
    expect(state.published.packages.packages[0]!.pricePerMonth).toBe(275);
    expect((await fixture.site.live()).content.packages.packages[0]!.pricePerMonth).toBe(275);

    const settings = { ...siteDefaults.settings, tagline: 'Sites that sell.' };
    const second = await fixture.site.publish((await fixture.site.save('settings', settings, state.draftVersion)).json<SaveAnswer>().draftVersion);
    expect(second.json()).toMatchObject({ id: 2, changes: [{ part: 'settings', fields: ['tagline'] }] });

    const restored = await fixture.site.restore(1);
    expect(restored.statusCode).toBe(201);
    expect(restored.json()).toMatchObject({ id: 3, restoredFrom: 1, changes: [{ part: 'settings', fields: ['tagline'] }] });
    const live = (await fixture.site.live()).content;
    expect(live.settings.tagline).toBe(siteDefaults.settings.tagline);
    expect(live.packages.packages[0]!.pricePerMonth).toBe(275);
    expect((await fixture.site.publications()).map((publication) => publication.id)).toEqual([3, 2, 1]);
    expect((await fixture.site.restore(99)).statusCode).toBe(404);
    expect((await fixture.site.restore('abc')).statusCode).toBe(400);
  });

  it(`keeps the ${KEPT_PUBLICATIONS} newest publications`, async () => {
    let { draftVersion } = await fixture.site.state();
    for (let i = 1; i <= KEPT_PUBLICATIONS + 2; i++) {
      const saved = (await fixture.site.save('home', { ...siteDefaults.home, closing: { ...siteDefaults.home.closing, title: `Version ${i}` } }, draftVersion)).json<SaveAnswer>();
      const response = await fixture.site.publish(saved.draftVersion);
      expect(response.statusCode).toBe(201);
      draftVersion = saved.draftVersion + 1;
    }
    const publications = await fixture.site.publications();
    expect(publications).toHaveLength(KEPT_PUBLICATIONS);
    expect(publications[0]!.id).toBe(KEPT_PUBLICATIONS + 2);
    expect(publications.at(-1)!.id).toBe(3);
    expect((await fixture.site.restore(1)).statusCode).toBe(404);
  }, 60_000);

  it('lets one of two publications racing on the same draft through', async () => {
    const { draftVersion } = await fixture.site.state();
    const saved = (await fixture.site.save('privacy', { ...siteDefaults.privacy, updated: 'Last updated: December 1, 2026' }, draftVersion)).json<SaveAnswer>();
    // A restore racing with them changes no part of the draft: it makes neither stale.
    const answers = await Promise.all([fixture.site.publish(saved.draftVersion), fixture.site.restore(1), fixture.site.publish(saved.draftVersion)]);
    const statuses = [answers[0]!, answers[2]!].map((answer) => answer.statusCode).sort();
    expect(statuses).toEqual([201, 409]);
    expect((await fixture.site.live()).content.privacy.updated).toBe('Last updated: December 1, 2026');
  });

  it('keeps an uploaded image while the draft or a kept publication shows it', async () => {
    const png = await sharp({ create: { width: 300, height: 300, channels: 3, background: '#3366cc' } }).png().toBuffer();
    const upload = await sendPostForm(fixture.app, 'POST', '/api/images', fixture.token, { image: { data: png, filename: 'face.png', type: 'image/png' } });
    expect(upload.statusCode).toBe(201);
    const { url, width, height } = upload.json<{ url: string; width: number; height: number }>();
    const key = /([0-9a-f]{32})/.exec(url)![1]!;
    expect(await fixture.app.imageReferences.named([key])).toEqual(new Set());

    const testimonials = clone(siteDefaults.testimonials);
    testimonials.items[0]!.photo = { src: url, alt: 'Maria smiling in her bakery', width, height };
    const saved = (await fixture.site.save('testimonials', testimonials, (await fixture.site.state()).draftVersion)).json<SaveAnswer>();
    expect(await fixture.app.imageReferences.named([key])).toEqual(new Set([key]));
    expect((await fixture.site.publish(saved.draftVersion)).statusCode).toBe(201);
    expect(await fixture.app.imageReferences.named([key])).toEqual(new Set([key]));
    expect((await fixture.site.live()).content.testimonials.items[0]!.photo).toEqual({ src: url, alt: 'Maria smiling in her bakery', width, height });
  });

  it('draws the share card from the live name and tagline, again after a publication changes them', async () => {
    const card = async () => {
      const response = await fixture.app.inject({ method: 'GET', url: '/share-card.png' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      return response.rawPayload;
    };
    const before = await card();
    expect(await sharp(before).metadata()).toMatchObject({ format: 'png', width: 1200, height: 630 });
    expect((await card()).equals(before)).toBe(true);
    const settings = { ...siteDefaults.settings, name: 'Fern & Pixel <Studio>', tagline: 'Small sites, done properly, for people who would rather be doing their real work.' };
    const saved = (await fixture.site.save('settings', settings, (await fixture.site.state()).draftVersion)).json<SaveAnswer>();
    expect((await fixture.site.publish(saved.draftVersion)).statusCode).toBe(201);
    const after = await card();
    expect(after.equals(before)).toBe(false);
    expect(await sharp(after).metadata()).toMatchObject({ width: 1200, height: 630 });
  });

  it('answers the seeded defaults in the document, with the field labels of the forms', async () => {
    const document = (await fixture.app.inject({ method: 'GET', url: '/api/openapi.json' })).json<{ paths: Record<string, unknown> }>();
    for (const path of ['/api/site', '/api/site/content', '/api/site/publish', '/api/site/publications', '/api/site/draft', ...SITE_PARTS.map((part) => `/api/site/draft/${part}`)]) {
      expect(document.paths).toHaveProperty([path]);
    }
    const text = JSON.stringify(document.paths['/api/site/draft/packages']);
    for (const label of ['Price per month', 'Checkout link', 'Most Popular']) expect(text).toContain(label);
    expect(JSON.stringify(document.paths['/api/site/draft/settings'])).toContain('Site name');
    expect(JSON.stringify(document.paths['/api/site/draft/testimonials'])).toContain('Quote');
    const sized: SiteContent = siteDefaults;
    expect(sized.services.grid.tiles).toHaveLength(6);
  });
});

import { sql } from 'kysely';
import { STATE_SCRIPT_ID } from '../../src/client/app/render-page';
import { siteDefaults } from '../../src/shared/site-content/defaults';
import { engines } from '../support/engines';
import { useSiteContentApp, type SaveAnswer } from './site-content-helpers';

// What visitors, link previews and search engines read once the owner publishes: the raw HTML.

const structuredData = (html: string) =>
  [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((match) => JSON.parse(match[1]!) as Record<string, unknown>);
const meta = (html: string, key: string) => new RegExp(`<meta (?:name|property)="${key.replace(/[.:]/g, '\\$&')}" content="([^"]*)"`).exec(html)?.[1];

describe.each(engines())('published site content on the pages, $name', ({ env }) => {
  const fixture = useSiteContentApp(env);

  const page = async (url: string) => {
    const response = await fixture.app.inject({ method: 'GET', url });
    expect(response.statusCode).toBe(200);
    return response.body;
  };

  it('shows a publication on the next render of pages already cached: words, title, share tags and JSON-LD', async () => {
    // Cached with today's words first.
    expect(await page('/packages')).toContain('$250');
    expect(await page('/')).toContain('(202) 555-0147');
    expect(await page('/services/seo')).toContain(siteDefaults.services.pages.seo.title);

    const draft = structuredClone(siteDefaults);
    draft.settings.name = 'Fern & Pixel';
    draft.settings.phone = '(415) 555-0199';
    draft.settings.phoneInternational = '+14155550199';
    draft.packages.packages[0]!.pricePerMonth = 275;
    draft.testimonials.items[0]!.quote = 'They answered on a Sunday.';
    draft.services.pages.seo.text = 'Found by the **right** people.';
    let { draftVersion: version } = await fixture.site.state();
    for (const part of ['settings', 'packages', 'testimonials', 'services'] as const) version = (await fixture.site.save(part, draft[part], version)).json<SaveAnswer>().draftVersion;
    expect((await fixture.site.publish(version)).statusCode).toBe(201);

    const packages = await page('/packages');
    expect(packages).toContain('$275');
    expect(packages).toContain('<title>Packages | Fern &amp; Pixel</title>');
    const offer = structuredData(packages).find((data) => data['@type'] === 'Offer' && data.name === 'Social Starter');
    expect(offer).toMatchObject({ price: 275, seller: { name: 'Fern & Pixel' } });

    const home = await page('/');
    expect(home).toContain('(415) 555-0199');
    expect(home).toContain('href="tel:+14155550199"');
    expect(home).toContain('They answered on a Sunday.');
    expect(meta(home, 'og:site_name')).toBe('Fern &amp; Pixel');
    expect(structuredData(home).find((data) => data['@type'] === 'ProfessionalService')).toMatchObject({ name: 'Fern & Pixel', telephone: '+14155550199' });

    expect(await page('/services/seo')).toContain('Found by the <strong>right</strong> people.');
  });

  it('draws the share card the pages name from the live name and tagline', async () => {
    const card = async () => {
      const response = await fixture.app.inject({ method: 'GET', url: '/images/share-card.png' });
      expect(response.statusCode).toBe(200);
      expect(response.headers['content-type']).toBe('image/png');
      return response.rawPayload;
    };
    expect(meta(await page('/about'), 'og:image')).toBe('https://agency.test/images/share-card.png');
    const before = await card();
    const settings = { ...siteDefaults.settings, name: 'Fern & Pixel' };
    const saved = (await fixture.site.save('settings', settings, (await fixture.site.state()).draftVersion)).json<SaveAnswer>();
    expect((await fixture.site.publish(saved.draftVersion)).statusCode).toBe(201);
    expect((await card()).equals(before)).toBe(false);
  });

  it('keeps the state each page carries to what it shows', async () => {
    const state = (html: string) => {
      const json = new RegExp(`<script id="${STATE_SCRIPT_ID}" type="application/json">([^<]*)</script>`).exec(html)?.[1];
      expect(json).toBeDefined();
      return json!;
    };
    const service = state(await page('/services/seo'));
    expect(service).toContain(siteDefaults.services.pages.seo.title);
    expect(service).not.toContain(siteDefaults.services.pages.uiux.summary);
    const about = state(await page('/about'));
    expect(about).toContain(siteDefaults.about.mission.title);
    expect(about).toContain(siteDefaults.settings.phoneInternational);
    expect(about).not.toContain(siteDefaults.packages.faq[0]!.question);
  });

  it('carries the services overview on /services, not the ten pages’ words', async () => {
    const json = new RegExp(`<script id="${STATE_SCRIPT_ID}" type="application/json">([^<]*)</script>`).exec(await page('/services'))?.[1];
    expect(json).toContain(siteDefaults.services.grid.tiles[0]!.title);
    expect(json).toContain(siteDefaults.services.pages.seo.title);
    expect(json).not.toContain(siteDefaults.services.pages.seo.summary);
  });

  it('answers 503 rather than a page without its words while the content cannot be read, and renders again once it can', async () => {
    await sql`alter table site_publications rename to site_publications_away`.execute(fixture.app.database.db);
    try {
      fixture.app.contentCache.drop();
      const refused = await fixture.app.inject({ method: 'GET', url: '/about' });
      expect(refused.statusCode).toBe(503);
      expect(refused.body).not.toContain(siteDefaults.about.mission.title);
    } finally {
      await sql`alter table site_publications_away rename to site_publications`.execute(fixture.app.database.db);
    }
    fixture.app.contentCache.drop();
    expect(await page('/about')).toContain(siteDefaults.about.mission.title);
  });
});

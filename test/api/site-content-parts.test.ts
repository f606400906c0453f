import { SITE_PARTS } from '../../src/shared/contract/site/parts';
import type { SitePreview } from '../../src/shared/contract/site/api';
import { SERVICE_SLUGS } from '../../src/shared/service-slugs';
import { siteDefaults } from '../../src/shared/site-content/defaults';
import { engines } from '../support/engines';
import { bearer } from '../support/posts-api';
import { useSiteContentApp, type SaveAnswer } from './site-content-helpers';

describe.each(engines())('live site content a part at a time on $name', ({ env }) => {
  const fixture = useSiteContentApp(env);

  const part = (name: string) => fixture.app.inject({ method: 'GET', url: `/api/site/content/${name}` });

  it('answers each part of a fresh site with its defaults, to anyone, revalidated on every use', async () => {
    for (const name of SITE_PARTS) {
      const response = await part(name);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual(siteDefaults[name]);
      expect(response.headers['cache-control']).toBe('public, max-age=0, must-revalidate');
    }
  });

  it('answers an unknown part 404 as JSON', async () => {
    const response = await part('secrets');
    expect(response.statusCode).toBe(404);
    expect(response.json()).toHaveProperty('message');
  });

  it('answers one service page with its text as sanitised HTML, and an unknown service 400', async () => {
    const text = 'We *tune* sites.\n\n<script>alert(1)</script>\n\n[Ask us](/contact)';
    const services = structuredClone(siteDefaults.services);
    services.pages.performance.text = text;
    const saved = (await fixture.site.save('services', services, (await fixture.site.state()).draftVersion)).json<SaveAnswer>();
    expect((await fixture.site.publish(saved.draftVersion)).statusCode).toBe(201);
    const response = await fixture.app.inject({ method: 'GET', url: '/api/site/content/services/performance' });
    expect(response.statusCode).toBe(200);
    const page = response.json<{ title: string; text: string; html: string }>();
    expect(page).toMatchObject({ title: siteDefaults.services.pages.performance.title, text });
    expect(page.html).toContain('<em>tune</em>');
    expect(page.html).toContain('href="/contact"');
    expect(page.html).not.toContain('<script');
    const unknown = await fixture.app.inject({ method: 'GET', url: '/api/site/content/services/blockchain' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toHaveProperty('message');
  });

  it('answers the services overview with each page’s title and image, not the ten pages’ words', async () => {
    const response = await fixture.app.inject({ method: 'GET', url: '/api/site/content/services/overview' });
    expect(response.statusCode).toBe(200);
    const overview = response.json<SitePreview['servicesOverview']>();
    const { hero, grid, core, process, pages } = siteDefaults.services;
    expect(overview).toMatchObject({ hero, grid, core, process });
    expect(Object.keys(overview.pages).sort()).toEqual([...SERVICE_SLUGS].sort());
    expect(overview.pages.seo).toEqual({ title: pages.seo.title, image: pages.seo.image });
    expect(response.body).not.toContain(pages.seo.text.slice(0, 40));
    expect(response.body.length).toBeLessThan(JSON.stringify(siteDefaults.services).length / 3);
  });

  it('answers the draft only once it is published', async () => {
    const pricier = structuredClone(siteDefaults.packages);
    pricier.packages[0]!.pricePerMonth = 275;
    const saved = (await fixture.site.save('packages', pricier, (await fixture.site.state()).draftVersion)).json<SaveAnswer>();
    expect((await part('packages')).json()).toEqual(siteDefaults.packages);
    expect((await fixture.site.publish(saved.draftVersion)).statusCode).toBe(201);
    expect((await part('packages')).json()).toEqual(pricier);
    expect((await part('settings')).json()).toEqual(siteDefaults.settings);
  });

  it('draws the draft for the owner’s preview, rendered as the live pages are, while visitors still read the live words', async () => {
    const draft = structuredClone(siteDefaults);
    draft.settings.phone = '(415) 555-0199';
    draft.services.pages.seo.text = 'Found by **more** people.\n\n<script>alert(1)</script>';
    draft.privacy.text += '\n\n## Draft section\n\nWritten for {name}.';
    let version = (await fixture.site.state()).draftVersion;
    for (const name of ['settings', 'services', 'privacy'] as const) {
      const saved = await fixture.site.save(name, draft[name], version);
      expect(saved.statusCode).toBe(200);
      version = saved.json<SaveAnswer>().draftVersion;
    }

    expect((await fixture.app.inject({ method: 'GET', url: '/api/site/preview' })).statusCode).toBe(401);
    const response = await fixture.app.inject({ method: 'GET', url: '/api/site/preview', headers: bearer(fixture.token) });
    expect(response.statusCode).toBe(200);
    expect(response.headers['cache-control']).toBe('no-store');
    const preview = response.json<SitePreview>();
    expect(preview.content).toEqual(draft);
    expect(preview.servicesOverview.hero).toEqual(draft.services.hero);
    expect(preview.changedParts).toEqual(['settings', 'services', 'privacy']);
    expect(Object.keys(preview.servicePages).sort()).toEqual([...SERVICE_SLUGS].sort());
    expect(preview.servicePages.seo!.html).toContain('<strong>more</strong>');
    expect(preview.servicePages.seo!.html).not.toContain('<script');
    expect(preview.privacy.sections.at(-1)).toMatchObject({ id: 'draft-section', title: 'Draft section' });
    expect(preview.privacy.sections.at(-1)!.html).toContain('{name}');

    expect((await part('settings')).json()).toEqual(siteDefaults.settings);
    const live = await fixture.app.inject({ method: 'GET', url: '/api/site/content/services/seo' });
    expect(live.json<{ html: string }>().html).not.toContain('more');
  });
});

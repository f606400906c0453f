/** @jest-environment node */
import { siteDefaults } from '../../shared/site-content/defaults';
import { missingProperties } from '../components/seo/rich-result-requirements';
import { publicPagePaths, renderPage } from './render-page';
import { siteSourceOf } from '../../../test/support/site-source';

const config = { siteUrl: 'https://agency.test', apiBaseUrl: '' };
// Marketing pages call no API but the portfolio's (answered here with four empty slots); their
// words are at hand, as in the server's render; any other call would fail loudly here.
const emptyPortfolio = JSON.stringify({ featured: [null, null, null, null], caseStudies: [] });
const fetchFn = ((input: Request | string) => {
  const path = new URL(typeof input === 'string' ? input : input.url).pathname;
  return path === '/api/case-studies' ? Promise.resolve(new Response(emptyPortfolio, { headers: { 'content-type': 'application/json' } })) : Promise.reject(new Error('no API call expected'));
}) as typeof fetch;
const siteContent = siteSourceOf(siteDefaults, config.siteUrl);

// Every public page but the blog's, which reads posts from the API.
const paths = publicPagePaths().filter((path) => !path.startsWith('/blog'));

async function render(url: string) {
  const result = await renderPage({ url, config, apiBaseUrl: 'http://api.invalid', fetchFn, siteContent });
  if (result.kind !== 'page') throw new Error(`${url} redirected`);
  return result;
}

function structuredData(html: string): Record<string, unknown>[] {
  return [...html.matchAll(/<script type="application\/ld\+json">([^<]*)<\/script>/g)].map((match) => JSON.parse(match[1]!) as Record<string, unknown>);
}

const typesOf = async (path: string) => structuredData((await render(path)).body).map((data) => data['@type']);

describe('marketing pages rendered on the server', () => {
  it.each(paths)('%s: complete HTML with its metadata and no inline script', async (path) => {
    const page = await render(path);
    expect(page.status).toBe(200);
    expect(page.render).toBe('server');
    const head = page.head;
    expect(head).toMatch(/<title>[^<]+ \| Larkspur Web Studio<\/title>/);
    expect(head).toMatch(/<meta name="description" content="[^"]{90,200}"\/>/);
    expect(head).toContain(`<link rel="canonical" href="https://agency.test${path}"/>`);
    for (const property of ['og:title', 'og:description', 'og:url', 'og:image', 'og:image:alt']) expect(head).toContain(`<meta property="${property}"`);
    for (const name of ['twitter:card', 'twitter:title', 'twitter:description', 'twitter:image', 'twitter:image:alt']) expect(head).toContain(`<meta name="${name}"`);
    expect(head).toContain('content="https://agency.test/images/share-card.png"');
    // The CSP allows no inline script: the page must arrive whole, not streamed in pieces. JSON-LD is data, never run.
    expect(page.body.replace(/<script type="application\/ld\+json">[^<]*<\/script>/g, '')).not.toContain('<script');
    for (const data of structuredData(page.body)) expect([data['@type'], missingProperties(data)]).toEqual([data['@type'], []]);
    expect(page.body).not.toContain('<template');
    expect(page.body.match(/<h1[\s>]/g)).toHaveLength(1);
    for (const img of page.body.match(/<img\b[^>]*>/g) ?? []) {
      expect(img).toMatch(/ width="\d+"/);
      expect(img).toMatch(/ height="\d+"/);
      expect(img).toMatch(/ alt="/);
    }
  });

  it('describes the agency and the site on home, the FAQ and each package on /packages, and a service with its place', async () => {
    expect(await typesOf('/')).toEqual(['ProfessionalService', 'WebSite']);
    const homePage = (await render('/')).body;
    const home = structuredData(homePage)[0]!;
    expect(home).toMatchObject({ email: 'hello@larkspur.example', telephone: '+12025550147', logo: 'https://agency.test/favicon.svg' });
    // A local business's address is on the page too, not only in the data search engines read.
    expect(home.address).toMatchObject({ '@type': 'PostalAddress', streetAddress: '100 Example Street NW, Suite 555', postalCode: '20001', addressCountry: 'US' });
    expect(homePage).toContain('100 Example Street NW, Suite 555, Washington, DC 20001');
    expect((home.sameAs as string[]).length).toBe(3);
    expect(await typesOf('/packages')).toEqual(['FAQPage', 'Offer', 'Offer', 'Offer']);
    expect(await typesOf('/services/seo')).toEqual(['Service', 'BreadcrumbList']);
    const crumbs = structuredData((await render('/services/seo')).body)[1]!.itemListElement as { name: string; item: string }[];
    expect(crumbs.map((crumb) => crumb.item)).toEqual(['https://agency.test/', 'https://agency.test/services', 'https://agency.test/services/seo']);
    expect(await typesOf('/about')).toEqual([]);
  });

  it('answers an unknown service with 404 and the not-found page', async () => {
    const page = await render('/services/blockchain');
    expect(page.status).toBe(404);
    expect(page.body).toContain('Page not found');
  });
});

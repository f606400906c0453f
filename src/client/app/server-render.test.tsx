/** @jest-environment node */
import { publicPagePaths, renderPage } from './render-page';

const config = { siteUrl: 'https://agency.test', apiBaseUrl: '' };
// Marketing pages call no API; any call would fail loudly here.
const fetchFn = (() => Promise.reject(new Error('no API call expected'))) as typeof fetch;

// Every public page but the blog's, which reads posts from the API.
const paths = publicPagePaths().filter((path) => !path.startsWith('/blog'));

async function render(url: string) {
  const result = await renderPage({ url, config, apiBaseUrl: 'http://api.invalid', fetchFn });
  if (result.kind !== 'page') throw new Error(`${url} redirected`);
  return result;
}

describe('marketing pages rendered on the server', () => {
  it.each(paths)('%s: complete HTML with its metadata and no inline script', async (path) => {
    const page = await render(path);
    expect(page.status).toBe(200);
    expect(page.render).toBe('server');
    const head = page.head;
    expect(head).toMatch(/<title>[^<]+ \| Larkspur Web Studio<\/title>/);
    expect(head).toMatch(/<meta name="description" content="[^"]{90,200}"\/>/);
    expect(head).toContain(`<link rel="canonical" href="https://agency.test${path}"/>`);
    for (const property of ['og:title', 'og:description', 'og:url', 'og:image']) expect(head).toContain(`<meta property="${property}"`);
    for (const name of ['twitter:card', 'twitter:title', 'twitter:description', 'twitter:image']) expect(head).toContain(`<meta name="${name}"`);
    expect(head).toContain('content="https://agency.test/images/share-card.png"');
    // The CSP allows no inline script: the page must arrive whole, not streamed in pieces.
    expect(page.body).not.toContain('<script');
    expect(page.body).not.toContain('<template');
    expect(page.body.match(/<h1[\s>]/g)).toHaveLength(1);
    for (const img of page.body.match(/<img\b[^>]*>/g) ?? []) {
      expect(img).toMatch(/ width="\d+"/);
      expect(img).toMatch(/ height="\d+"/);
      expect(img).toMatch(/ alt="/);
    }
  });

  it('answers an unknown service with 404 and the not-found page', async () => {
    const page = await render('/services/blockchain');
    expect(page.status).toBe(404);
    expect(page.body).toContain('Page not found');
  });
});

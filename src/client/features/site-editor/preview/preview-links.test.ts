import { previewedPath, previewHref } from './preview-links';

const base = 'https://agency.test/admin/site/preview/packages';
const isPage = (pathname: string) => ['/', '/about', '/services/seo'].includes(pathname);

describe('previewHref', () => {
  it('leads a link to one of the site’s pages to that page’s preview, query and fragment kept', () => {
    expect(previewHref('/about', base, isPage)).toBe('/admin/site/preview/about');
    expect(previewHref('/services/seo?x=1#top', base, isPage)).toBe('/admin/site/preview/services/seo?x=1#top');
    expect(previewHref('https://agency.test/', base, isPage)).toBe('/admin/site/preview/');
  });

  it('leaves alone links elsewhere: another site, the admin area, a file, a fragment of this page', () => {
    expect(previewHref('https://elsewhere.test/about', base, isPage)).toBeNull();
    expect(previewHref('/admin/site', base, isPage)).toBeNull();
    expect(previewHref('/feed.xml', base, isPage)).toBeNull();
    expect(previewHref('#main', base, isPage)).toBeNull();
    expect(previewHref('mailto:hello@agency.test', base, isPage)).toBeNull();
    expect(previewHref('http://[bad', base, isPage)).toBeNull();
  });
});

it('previewedPath names the page a preview address shows', () => {
  expect(previewedPath('/admin/site/preview/about', '?x=1')).toBe('/about?x=1');
  expect(previewedPath('/admin/site/preview/')).toBe('/');
  expect(previewedPath('/admin/site/preview')).toBe('/');
});

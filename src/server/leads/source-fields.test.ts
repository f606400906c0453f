import { checkSource, sourceLabel } from './source-fields';

const served = new Set(['/', '/about', '/blog', '/blog/a-post', '/contact', '/blog/caf%C3%A9']);
const pageTypeOf = (path: string) => (served.has(path) ? 'page' : null);

describe('a lead’s source, bounded', () => {
  it('keeps served paths, bare hosts and campaign tags as sent', () => {
    expect(checkSource({ landingPath: '/blog/a-post', referrerHost: 'News.Example.com', utmSource: ' Newsletter ', utmMedium: 'email', utmCampaign: 'march', viewedPaths: ['/blog/a-post', '/about'] }, pageTypeOf)).toEqual({
      ok: true,
      source: { landingPath: '/blog/a-post', referrerHost: 'news.example.com', utmSource: 'Newsletter', utmMedium: 'email', utmCampaign: 'march', viewedPaths: ['/blog/a-post', '/about'] },
    });
  });

  it('keeps the last 50 viewed paths and drops what the site does not serve', () => {
    const many = Array.from({ length: 80 }, (_, index) => (index % 2 ? '/about' : '/blog'));
    const checked = checkSource({ viewedPaths: ['/admin/inbox', ...many, '/nowhere', '/about?x=1', '/blog/%E0%A4%A', '/blog/caf%C3%A9', 'x'.repeat(5000)] }, pageTypeOf);
    if (!checked.ok) throw new Error(checked.message);
    expect(checked.source.viewedPaths).toHaveLength(46);
    expect(checked.source.viewedPaths.at(-1)).toBe('/blog/caf%C3%A9');
    expect(checked.source.viewedPaths).not.toContain('/admin/inbox');
  });

  it('cuts campaign tags to 100 characters, without control characters, and drops what is not a host', () => {
    const checked = checkSource({ utmCampaign: `a\u0000b${'é'.repeat(300)}`, referrerHost: 'evil.example/<script>', landingPath: '/admin/dashboard' }, pageTypeOf);
    if (!checked.ok) throw new Error(checked.message);
    expect([...checked.source.utmCampaign!]).toHaveLength(100);
    expect(checked.source.utmCampaign!.startsWith('abé')).toBe(true);
    expect(checked.source.referrerHost).toBeNull();
    expect(checked.source.landingPath).toBeNull();
  });

  it('refuses values of the wrong type', () => {
    expect(checkSource({ viewedPaths: [1, 2] }, pageTypeOf)).toEqual({ ok: false, message: 'viewedPaths must be a list of page paths.' });
    expect(checkSource({ utmSource: { $gt: '' } }, pageTypeOf)).toEqual({ ok: false, message: 'utmSource must be text.' });
  });

  it('takes a plain form’s page as its visit', () => {
    expect(checkSource({ landingPath: '/contact' }, pageTypeOf)).toMatchObject({ ok: true, source: { landingPath: '/contact', viewedPaths: ['/contact'] } });
  });

  it('names the source by campaign, else referring host, else direct', () => {
    expect(sourceLabel({ utmSource: 'Newsletter', referrerHost: 'x.example' })).toBe('newsletter');
    expect(sourceLabel({ utmSource: null, referrerHost: 'x.example' })).toBe('x.example');
    expect(sourceLabel({ utmSource: null, referrerHost: null })).toBe('direct');
  });
});

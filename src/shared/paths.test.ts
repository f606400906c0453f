/** @jest-environment node */
import { matchRoutes } from 'react-router-dom';
import { paths, routePatterns } from './paths';

describe('paths', () => {
  it('keeps a slug, id or token one segment of the address, however it is spelt', () => {
    expect(paths.blogPost('opening-hours')).toBe('/blog/opening-hours');
    expect(paths.blogPost('a b/c?d#e')).toBe('/blog/a%20b%2Fc%3Fd%23e');
    expect(paths.blogTag('café')).toBe('/blog/tag/caf%C3%A9');
    expect(paths.blogTagFeed('a/b')).toBe('/blog/tag/a%2Fb/rss.xml');
    expect(paths.adminEdit('1/../security')).toBe('/admin/edit/1%2F..%2Fsecurity');
    expect(paths.adminPreview('00000000-0000-0000-0000-000000000000')).toBe('/admin/preview/00000000-0000-0000-0000-000000000000');
    expect(paths.resetPassword('abc_DEF-123')).toBe('/reset-password/abc_DEF-123');
    expect(paths.service('seo')).toBe('/services/seo');
  });

  it('gives the first page of a list its bare address and the others ?page=N', () => {
    expect(paths.blogPage(1)).toBe('/blog');
    expect(paths.blogPage(0)).toBe('/blog');
    expect(paths.blogPage(2)).toBe('/blog?page=2');
    expect(paths.blogTagPage('react', 1)).toBe('/blog/tag/react');
    expect(paths.blogTagPage('react', 12)).toBe('/blog/tag/react?page=12');
  });

  it('spells a search as the search form does, the bare page for a blank query', () => {
    expect(paths.blogSearchFor('  quince jam ')).toBe('/blog/search?q=quince+jam');
    expect(paths.blogSearchFor('a&b=c')).toBe('/blog/search?q=a%26b%3Dc');
    expect(paths.blogSearchFor('   ')).toBe(paths.blogSearch);
  });

  /** The params the router reads from an address for a pattern, decoded as it decodes them; null: no match. */
  const paramsOf = (pattern: string, path: string) => matchRoutes([{ path: pattern }], path)?.[0]?.params ?? null;

  it('builds addresses that the route patterns of the same name read back', () => {
    const awkward = 'ünïcode / with?query#and%percent';
    const builders = [
      [routePatterns.blogPost, paths.blogPost(awkward), { slug: awkward }],
      [routePatterns.blogTag, paths.blogTag(awkward), { slug: awkward }],
      [routePatterns.adminEdit, paths.adminEdit(awkward), { id: awkward }],
      [routePatterns.adminPreview, paths.adminPreview(awkward), { id: awkward }],
      [routePatterns.resetPassword, paths.resetPassword(awkward), { token: awkward }],
      [routePatterns.service, paths.service('webdevelopment'), { service: 'webdevelopment' }],
    ] as const;
    for (const [pattern, path, params] of builders) {
      expect(paramsOf(pattern, path)).toEqual(params);
    }
    expect(paramsOf(routePatterns.blogPost, paths.blogTag('react'))).toBeNull();
  });
});

import fc from 'fast-check';
import { matchRoutes } from 'react-router-dom';
import { matchPage } from './match-route';
import { routeIndex } from './route-index';
import { redirects, routes } from './routes';

const table = [...Object.keys(redirects), ...routes.map((route) => route.path)].map((path) => ({ path }));
const candidatesFor = routeIndex(table, (route) => route.path);

/** The path of the deepest match, as react-router finds it in `list`. */
const matched = (list: readonly { path: string }[], pathname: string) => matchRoutes([...list], pathname)?.at(-1)?.route.path;

describe('the routes a path can match', () => {
  it('give the match the whole table gives, for any path', () => {
    const segment = fc.oneof(
      fc.constantFrom('blog', 'BLOG', 'Blog', 'b%6Cog', 'admin', 'tag', 'services', 'web-design', 'login', 'reset-password', 'search', '', '%', '%E2%82%AC', 'x'),
      fc.stringMatching(/^[a-zA-Z0-9%._~-]{0,12}$/),
    );
    fc.assert(
      fc.property(fc.array(segment, { maxLength: 4 }), fc.boolean(), (segments, trailing) => {
        const pathname = `/${segments.join('/')}${trailing ? '/' : ''}`;
        expect(matched(candidatesFor(pathname), pathname)).toBe(matched(table, pathname));
      }),
      { numRuns: 2000 },
    );
  });

  it('are a few routes, not the table', () => {
    expect(candidatesFor('/blog/a-post').map((route) => route.path)).toEqual(['/blog', '/blog/search', '/blog/tag/:slug', '/blog/:slug', '*']);
    expect(candidatesFor('/nothing-here').map((route) => route.path)).toEqual(['*']);
    expect(matchPage('/Blog/a-post').route.path).toBe('/blog/:slug');
    expect(matchPage('/admin/unknown').route.path).toBe('/admin/*');
  });
});

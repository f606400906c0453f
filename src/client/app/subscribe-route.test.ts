import { SUBSCRIBE_PAGE_STATES } from '../../shared/newsletter';
import { paths } from '../../shared/paths';
import { routes } from './routes';

describe('the /subscribe route', () => {
  const route = routes.find((entry) => entry.path === paths.subscribe)!;

  it('keeps each of the page’s states in its cache key and drops anything else', () => {
    const state = route.query!.state!;
    for (const value of SUBSCRIBE_PAGE_STATES) expect(state(value)).toBe(value);
    for (const value of ['', 'SENT', 'sent ', 'unsubscribedd', 'x'.repeat(500)]) expect(state(value)).toBeNull();
  });

  it('is a server page kept out of the sitemap', () => {
    expect(route).toMatchObject({ render: 'server', sitemap: false, chunk: 'page-subscribe' });
  });
});

/** @jest-environment node */
import { renderToStaticMarkup } from 'react-dom/server';
import { Provider } from 'react-redux';
import { MemoryRouter } from 'react-router-dom';
import { siteDefaults } from '../../../shared/site-content/defaults';
import { RuntimeConfigProvider } from '../../lib/runtime-config';
import { SiteContentSourceContext } from '../../lib/site-content/content-source-context';
import { makeStore } from '../../lib/store/store';
import { Seo, type SeoProps } from './seo';
import { siteSourceOf } from '../../../../test/support/site-source';

// The Settings a fresh site publishes; a test may give it an X account.
const site: Omit<typeof siteDefaults.settings, 'xAccount'> & { xAccount?: string } = { ...siteDefaults.settings };

/** Rendered with those Settings at hand, as the server renders. */
function render(props: SeoProps) {
  const source = siteSourceOf({ ...siteDefaults, settings: { ...siteDefaults.settings, xAccount: site.xAccount ?? '' } });
  return renderToStaticMarkup(
    <Provider store={makeStore({ apiBaseUrl: '' })}>
      <RuntimeConfigProvider value={{ siteUrl: 'https://agency.test', apiBaseUrl: '' }}>
        <SiteContentSourceContext.Provider value={source}>
          <MemoryRouter initialEntries={['/somewhere']}>
            <Seo {...props} />
          </MemoryRouter>
        </SiteContentSourceContext.Provider>
      </RuntimeConfigProvider>
    </Provider>,
  );
}

const meta = (html: string, key: string) => new RegExp(`<meta (?:name|property)="${key}" content="([^"]*)"`).exec(html)?.[1];

describe('Seo', () => {
  afterEach(() => {
    delete (site as { xAccount?: string }).xAccount;
  });

  it('describes the site card with its own words when the page has no image of its own', () => {
    const html = render({ title: 'About', description: 'About us.' });
    expect(meta(html, 'og:image')).toBe('https://agency.test/images/share-card.png');
    expect(meta(html, 'og:image:alt')).toBe('Larkspur Web Studio: websites that work as hard as you do.');
    expect(meta(html, 'twitter:image:alt')).toBe('Larkspur Web Studio: websites that work as hard as you do.');
  });

  it('gives a page image the alt text it is handed, or the page title, never the site card’s words', () => {
    const withAlt = render({ title: 'Post', description: 'd', image: '/uploads/a.webp', imageAlt: 'A loaf on a counter' });
    expect(meta(withAlt, 'og:image:alt')).toBe('A loaf on a counter');
    expect(meta(withAlt, 'twitter:image:alt')).toBe('A loaf on a counter');
    const without = render({ title: 'Post', description: 'd', image: '/uploads/a.webp' });
    expect(meta(without, 'og:image:alt')).toBe(`Post | ${site.name}`);
  });

  it('names the X account in twitter:site only when the configuration has one', () => {
    expect(render({ title: 'A', description: 'd' })).not.toContain('twitter:site');
    (site as { xAccount?: string }).xAccount = '@larkspurweb';
    expect(meta(render({ title: 'A', description: 'd' }), 'twitter:site')).toBe('@larkspurweb');
  });
});

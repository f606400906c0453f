import { screen, within } from '@testing-library/react';
import { siteDefaults } from '../../../../shared/site-content/defaults';
import { INJECT_BASE_URL } from '../../../../server/render/inject-fetch';
import { withRealApi } from '../../../../../test/support/real-api';
import { renderWithApp } from '../../../../../test/support/render-with-app';
import HomePage from './home-page';

// The Settings and testimonials a fresh site publishes.
const site = siteDefaults.settings;
const siteTestimonials = { testimonials: siteDefaults.testimonials.items };

// Building the real server on a busy machine takes longer than jest's 5 s.
jest.setTimeout(20_000);

const api = withRealApi();

function section(name: string): HTMLElement {
  return screen.getByRole('region', { name });
}

describe('HomePage', () => {
  beforeEach(() => renderWithApp(<HomePage />, { extra: { apiBaseUrl: INJECT_BASE_URL, fetchFn: api.fetch } }));

  it('has one h1 and hero buttons to /services and /packages', () => {
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const hero = screen.getByRole('region', { name: 'Websites that work as hard as you do' });
    expect(within(hero).getAllByRole('link').map((link) => link.getAttribute('href'))).toEqual(['/services', '/packages']);
    expect(document.title).toBe(`Web development for small businesses | ${site.name}`);
  });

  it('shows the expertise carousel with its four slides', () => {
    const carousel = screen.getByRole('region', { name: 'Expertise slideshow' });
    const slides = within(carousel)
      .getAllByRole('group', { hidden: true })
      .filter((group) => group.getAttribute('aria-roledescription') === 'slide');
    expect(slides.map((slide) => slide.getAttribute('aria-label'))).toEqual([
      '1 of 4: Web Development',
      '2 of 4: E-Commerce',
      '3 of 4: SEO',
      '4 of 4: Maintenance & Support',
    ]);
    expect(within(carousel).getAllByRole('button', { name: /^Show slide/ })).toHaveLength(4);
  });

  it('shows four portfolio tiles: two featured client sites linking to the site in a new tab and to their case study, two placeholders without links', async () => {
    const work = section('Recent Work');
    await within(work).findAllByRole('link', { name: /^Visit the live site/ });
    const tiles = within(work).getAllByRole('article');
    expect(tiles).toHaveLength(4);
    const linked = tiles.filter((tile) => within(tile).queryAllByRole('link').length > 0);
    expect(linked).toHaveLength(2);
    const sites = [
      ['Harbourline Bakery', 'https://harbourline-bakery.example', '/portfolio/harbourline-bakery'],
      ['Northfield Physiotherapy', 'https://northfield-physio.example', '/portfolio/northfield-physiotherapy'],
    ];
    for (const [i, tile] of linked.entries()) {
      const [title, url, page] = sites[i]!;
      expect(within(tile).getByRole('heading').textContent).toBe(title);
      const live = within(tile).getByRole('link', { name: `Visit the live site of ${title} (opens in a new tab)` });
      expect(live).toHaveAttribute('href', url);
      expect(live).toHaveAttribute('target', '_blank');
      expect(live).toHaveAttribute('rel', 'noopener noreferrer');
      expect(within(tile).getByRole('link', { name: new RegExp(`^Read the case study\\W+${title}$`) })).toHaveAttribute('href', page);
    }
    for (const tile of tiles.filter((tile) => !linked.includes(tile))) expect(within(tile).getByText('Case study coming soon')).toBeInTheDocument();
    for (const tile of tiles) {
      const img = within(tile).getByRole('img');
      expect(img).toHaveAttribute('width');
      expect(img).toHaveAttribute('height');
      expect(img).toHaveAttribute('loading', 'lazy');
      expect(img.getAttribute('alt')).not.toBe('');
    }
  });

  it("links 'See more' to /portfolio with a hidden continuation naming the target", () => {
    const more = within(section('Recent Work')).getByRole('link', { name: 'See more of our portfolio' });
    expect(more).toHaveAttribute('href', '/portfolio');
    expect(more.querySelector(':scope > :not(.visually-hidden):not([aria-hidden])')).toBeNull();
    expect(more.firstChild?.textContent).toBe('See more');
  });

  it('shows six client testimonials from the site configuration, marked as illustrative', () => {
    const testimonials = section('What Our Clients Say');
    const quotes = within(testimonials).getAllByRole('figure');
    expect(quotes).toHaveLength(6);
    expect(quotes.map((quote) => within(quote).getByRole('blockquote').textContent)).toEqual(siteTestimonials.testimonials.map((t) => t.quote));
    expect(within(testimonials).getByText(/illustrative/)).toBeInTheDocument();
  });

  it('loads only the hero image eagerly', () => {
    const images = screen.getAllByRole('img', { hidden: true });
    const eager = images.filter((img) => img.getAttribute('loading') !== 'lazy');
    expect(eager).toHaveLength(1);
    expect(eager[0]).toHaveAttribute('fetchpriority', 'high');
    for (const img of images) {
      expect(Number(img.getAttribute('width'))).toBeGreaterThan(0);
      expect(Number(img.getAttribute('height'))).toBeGreaterThan(0);
    }
  });
});

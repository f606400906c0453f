import { screen, within } from '@testing-library/react';
import { siteDefaults } from '../../../../shared/site-content/defaults';
import { INJECT_BASE_URL } from '../../../../server/render/inject-fetch';
import sharp from 'sharp';
import { adminToken, bearer, sendPostForm } from '../../../../../test/support/posts-api';
import { withRealApi } from '../../../../../test/support/real-api';
import { renderWithApp } from '../../../../../test/support/render-with-app';
import PortfolioPage from './portfolio-page';

// The Settings a fresh site publishes.
const site = siteDefaults.settings;

// Building the real server on a busy machine takes longer than jest's 5 s.
jest.setTimeout(20_000);

const api = withRealApi();
const renderPage = () => renderWithApp(<PortfolioPage />, { path: '/portfolio', extra: { apiBaseUrl: INJECT_BASE_URL, fetchFn: api.fetch } });

describe('PortfolioPage', () => {
  it('shows a hero and the same four-tile grid as the home page', async () => {
    renderPage();
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const grid = screen.getByRole('region', { name: 'Selected Projects' });
    const external = await within(grid).findAllByRole('link', { name: /opens in a new tab/ });
    const tiles = within(grid).getAllByRole('article');
    expect(tiles.map((tile) => within(tile).getByRole('heading').textContent)).toEqual([
      'Harbourline Bakery',
      'Northfield Physiotherapy',
      'Garden-centre online shop',
      'Salon booking system',
    ]);
    expect(external).toHaveLength(2);
    for (const link of external) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
    }
    expect(within(tiles[2]!).queryByRole('link')).toBeNull();
    expect(within(tiles[3]!).queryByRole('link')).toBeNull();
    expect(document.title).toBe(`Portfolio | ${site.name}`);
  });

  it('lists every published case study below the grid, drafts left out, each linking to its page', async () => {
    const token = await adminToken(api.app);
    const png = await sharp({ create: { width: 400, height: 300, channels: 3, background: '#c63' } }).png().toBuffer();
    const uploaded = await sendPostForm(api.app, 'POST', '/api/images', token, { image: { data: png, filename: 'cover.png', type: 'image/png' } });
    const cover = uploaded.json<{ url: string }>().url;
    const write = (title: string, status: string) =>
      api.app.inject({
        method: 'POST',
        url: '/api/owner/case-studies',
        headers: bearer(token),
        payload: { title, client: 'A client', sector: 'Retail', summary: `What ${title} did.`, text: 'Text.', cover: { url: cover, alt: 'The shop' }, results: [], status },
      });
    expect((await write('Corner Shop', 'published')).statusCode).toBe(201);
    expect((await write('Secret Work', 'draft')).statusCode).toBe(201);
    renderPage();
    const list = await screen.findByRole('region', { name: 'All case studies' });
    const links = within(list).getAllByRole('link');
    // The newest publication first.
    expect([links[0]!.textContent, links[0]!.getAttribute('href')]).toEqual(['Corner Shop', '/portfolio/corner-shop']);
    expect(within(list).queryByText('Secret Work')).toBeNull();
    expect(links.map((link) => link.getAttribute('href')).sort()).toEqual(['/portfolio/corner-shop', '/portfolio/harbourline-bakery', '/portfolio/northfield-physiotherapy']);
    // The grid is the featured four, untouched by a new case study.
    expect(within(screen.getByRole('region', { name: 'Selected Projects' })).getAllByRole('article')).toHaveLength(4);
  });
});

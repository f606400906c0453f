import { screen, within } from '@testing-library/react';
import { site } from '../../../../shared/site';
import { renderWithApp } from '../../../../../test/support/render-with-app';
import PortfolioPage from './portfolio-page';

describe('PortfolioPage', () => {
  it('shows a hero and the same four-tile grid as the home page', () => {
    renderWithApp(<PortfolioPage />, { path: '/portfolio' });
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    const grid = screen.getByRole('region', { name: 'Selected Projects' });
    const tiles = within(grid).getAllByRole('article');
    expect(tiles.map((tile) => within(tile).getByRole('heading').textContent)).toEqual(site.portfolio.map((entry) => entry.title));
    const external = within(grid).getAllByRole('link');
    expect(external).toHaveLength(2);
    for (const link of external) {
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      expect(link).toHaveAccessibleName(/opens in a new tab/);
    }
    expect(document.title).toBe(`Portfolio | ${site.name}`);
  });
});

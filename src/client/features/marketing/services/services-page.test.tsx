import { screen, within } from '@testing-library/react';
import { renderWithApp } from '../../../../../test/support/render-with-app';
import ServicesPage from './services-page';

describe('ServicesPage', () => {
  beforeEach(() => renderWithApp(<ServicesPage />, { path: '/services' }));

  it('has a hero with intro text', () => {
    const hero = screen.getByRole('region', { name: screen.getByRole('heading', { level: 1 }).textContent! });
    expect(within(hero).getByText(/plan, design, build and support/)).toBeInTheDocument();
  });

  it('shows the six linked tiles with their exact names and paths, in order', () => {
    const tiles = within(screen.getByRole('list', { name: 'Specialist services' })).getAllByRole('listitem');
    expect(tiles).toHaveLength(6);
    expect(tiles.map((tile) => [within(tile).getByRole('heading', { level: 3 }).textContent, within(tile).getByRole('link').getAttribute('href')])).toEqual([
      ['Full-Stack Web Development', '/services/fullstack'],
      ['API Development and Integration', '/services/api'],
      ['Responsive UI/UX Design', '/services/uiux'],
      ['Database Design and Optimization', '/services/database'],
      ['Performance Optimization', '/services/performance'],
      ['Security Enhancements', '/services/security'],
    ]);
  });

  it("lists 'How We Work' in five steps", () => {
    const process = screen.getByRole('region', { name: 'How We Work' });
    const steps = within(within(process).getByRole('list')).getAllByRole('listitem');
    expect(steps.map((step) => within(step).getByRole('heading').textContent)).toEqual([
      'Discovery',
      'Planning',
      'Design & Development',
      'Testing & Deployment',
      'Support & Maintenance',
    ]);
    expect(within(process).getByRole('list').tagName).toBe('OL');
  });
});

import { screen } from '@testing-library/react';
import { renderWithApp } from '../../../../../test/support/render-with-app';
import AboutPage from './about-page';

describe('AboutPage', () => {
  it('tells the mission and values and leads to /services and /packages', () => {
    renderWithApp(<AboutPage />, { path: '/about' });
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    expect(screen.getByRole('heading', { level: 2, name: 'Our Mission' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'Our Values' })).toBeInTheDocument();
    expect(screen.getAllByRole('heading', { level: 3 }).length).toBeGreaterThanOrEqual(4);
    const hrefs = screen.getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual(expect.arrayContaining(['/services', '/packages']));
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(/mission/i);
  });
});

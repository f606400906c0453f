import { screen, within } from '@testing-library/react';
import { siteDefaults } from '../../../shared/site-content/defaults';
import { renderWithApp } from '../../../../test/support/render-with-app';
import { Footer } from './footer';

// The Settings a fresh site publishes.
const site = siteDefaults.settings;

describe('Footer', () => {
  it('links Home, Services, Blog and Privacy', () => {
    renderWithApp(<Footer />);
    const nav = screen.getByRole('navigation', { name: 'Footer' });
    expect(within(nav).getAllByRole('link').map((link) => [link.textContent, link.getAttribute('href')])).toEqual([
      ['Home', '/'],
      ['Services', '/services'],
      ['Blog', '/blog'],
      ['Privacy', '/privacy'],
    ]);
  });

  it('leads from the logo to the administrator sign-in', () => {
    renderWithApp(<Footer />);
    expect(screen.getByRole('link', { name: /administrator sign-in/i })).toHaveAttribute('href', '/admin/login');
  });

  it('offers phone, e-mail, WhatsApp and three social profiles from the site configuration', () => {
    renderWithApp(<Footer />);
    const list = screen.getByRole('list', { name: 'Contact and social profiles' });
    const hrefs = within(list).getAllByRole('link').map((link) => link.getAttribute('href'));
    expect(hrefs).toEqual([
      `tel:${site.phoneInternational}`,
      `mailto:${site.email}`,
      `https://wa.me/${site.whatsapp}`,
      ...site.social.map((profile) => profile.url),
    ]);
  });

  it('shows the agency’s address, marked as made up while it is the demo’s', () => {
    renderWithApp(<Footer />);
    expect(screen.getByText(/^100 Example Street NW, Suite 555, Washington, DC 20001 \(an illustrative address of this demo agency\)$/).tagName).toBe('ADDRESS');
  });

  it('shows the copyright line with the current year', () => {
    renderWithApp(<Footer />);
    expect(screen.getByText(new RegExp(`© ${new Date().getFullYear()} ${site.name}`))).toBeInTheDocument();
  });

  it('glides to the top instead of reloading when already home', () => {
    const scrollTo = jest.fn();
    window.scrollTo = scrollTo;
    renderWithApp(<Footer />, { path: '/' });
    within(screen.getByRole('navigation', { name: 'Footer' })).getByRole('link', { name: 'Home' }).click();
    expect(scrollTo).toHaveBeenCalledWith({ top: 0, behavior: 'smooth' });
  });
});

import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { renderWithApp } from '../../../../test/support/render-with-app';
import { Navbar } from './navbar';
import { nextNavbarScroll } from './use-navbar-scroll';

describe('Navbar', () => {
  it('links home, About, Portfolio, Packages and Contact', () => {
    renderWithApp(<Navbar />);
    const nav = screen.getByRole('navigation', { name: 'Main' });
    // Its name holds the words it shows (WCAG 2.5.3 Label in Name).
    expect(within(nav).getByRole('link', { name: 'Larkspur home page' })).toHaveAttribute('href', '/');
    for (const [name, href] of [
      ['About', '/about'],
      ['Portfolio', '/portfolio'],
      ['Packages', '/packages'],
      ['Contact', '/contact'],
    ]) {
      expect(within(nav).getByRole('link', { name })).toHaveAttribute('href', href);
    }
  });

  it('opens the Services menu with the four service pages and says so', async () => {
    const user = userEvent.setup();
    renderWithApp(<Navbar />);
    const button = screen.getByRole('button', { name: /services/i });
    expect(button).toHaveAttribute('aria-expanded', 'false');
    await user.click(button);
    expect(button).toHaveAttribute('aria-expanded', 'true');
    const menu = document.getElementById(button.getAttribute('aria-controls')!)!;
    const links = within(menu).getAllByRole('link');
    expect(links.map((link) => link.getAttribute('href'))).toEqual([
      '/services/webdevelopment',
      '/services/ecommerce',
      '/services/seo',
      '/services/maintenance',
    ]);
  });

  it('closes its menus on a click outside and on Escape', async () => {
    const user = userEvent.setup();
    renderWithApp(
      <>
        <Navbar />
        <p>Elsewhere</p>
      </>,
    );
    const services = screen.getByRole('button', { name: /services/i });
    const toggle = screen.getByRole('button', { name: 'Open menu' });
    await user.click(toggle);
    await user.click(services);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    fireEvent.pointerDown(screen.getByText('Elsewhere'));
    expect(services).toHaveAttribute('aria-expanded', 'false');
    expect(toggle).toHaveAttribute('aria-expanded', 'false');

    await user.click(services);
    await user.keyboard('{Escape}');
    expect(services).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('nextNavbarScroll', () => {
  const top = { scrolled: false, hidden: false };

  it('takes the scrolled style only past 10 px', () => {
    expect(nextNavbarScroll(0, 10, top).scrolled).toBe(false);
    expect(nextNavbarScroll(0, 11, top).scrolled).toBe(true);
  });

  it('hides when scrolling down past 50 px and shows again on the way up', () => {
    expect(nextNavbarScroll(20, 50, top).hidden).toBe(false);
    const hidden = nextNavbarScroll(50, 51, top);
    expect(hidden.hidden).toBe(true);
    expect(nextNavbarScroll(300, 250, hidden).hidden).toBe(false);
    expect(nextNavbarScroll(300, 40, hidden).hidden).toBe(false);
  });

  it('keeps the same object when nothing changes, so React skips the render', () => {
    const state = { scrolled: true, hidden: false };
    expect(nextNavbarScroll(30, 20, state)).toBe(state);
  });
});

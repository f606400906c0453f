import { screen, within } from '@testing-library/react';
import { siteDefaults } from '../../../../shared/site-content/defaults';
import { renderWithApp } from '../../../../../test/support/render-with-app';
import PackagesPage from './packages-page';

// The packages a fresh site publishes.
const sitePackages = siteDefaults.packages;

describe('PackagesPage', () => {
  beforeEach(() => renderWithApp(<PackagesPage />, { path: '/packages' }));

  const cards = () => within(screen.getByRole('region', { name: 'Choose Your Package' })).getAllByRole('article');

  it('shows the three packages with their prices per month', () => {
    expect(cards().map((card) => [within(card).getByRole('heading').textContent, within(card).getByText(/^\$/).parentElement?.textContent])).toEqual([
      ['Social Starter', '$250 USD/month'],
      ['Brand Builder', '$500 USD/month'],
      ['Business Pro', '$750 USD/month'],
    ]);
  });

  it('marks Brand Builder, and only it, as Most Popular', () => {
    const marked = cards().filter((card) => within(card).queryByText('Most Popular'));
    expect(marked).toHaveLength(1);
    expect(within(marked[0]!).getByRole('heading')).toHaveTextContent('Brand Builder');
  });

  it('lists each package’s fixed features and an ideal-for note on each card', () => {
    const [starter, builder, pro] = cards() as [HTMLElement, HTMLElement, HTMLElement];
    const features = (card: HTMLElement) => within(card).getByRole('list').textContent;
    expect(features(starter)).toMatch(/3 platforms/);
    expect(features(starter)).toMatch(/3–5 posts per week/);
    expect(features(builder)).toMatch(/5-page site/);
    expect(features(builder)).toMatch(/[Uu]p to 2 minor edit batches per month/);
    expect(features(pro)).toMatch(/3 branded email addresses/);
    expect(features(pro)).toMatch(/[Ss]ame-day priority response/);
    for (const card of [starter, builder, pro]) expect(within(card).getByText(/^Ideal for /)).toBeInTheDocument();
  });

  it('links each card to its checkout page from the configuration, in a new tab', () => {
    for (const [i, card] of cards().entries()) {
      const pkg = sitePackages.packages[i]!;
      const link = within(card).getByRole('link');
      expect(link).toHaveAttribute('href', pkg.checkoutUrl);
      expect(link).toHaveAttribute('target', '_blank');
      expect(link).toHaveAttribute('rel', 'noopener noreferrer');
      expect(link).toHaveAccessibleName(`Get Started with ${pkg.title} (opens in a new tab)`);
    }
  });

  it('states the fixed Billing & Terms', () => {
    const terms = screen.getByRole('region', { name: 'Billing & Terms' }).textContent;
    expect(terms).toMatch(/3-month minimum/);
    expect(terms).toMatch(/auto-renews monthly/);
    expect(terms).toMatch(/[Cc]ancel anytime.*until the end of the current billing cycle/);
    expect(terms).toMatch(/7-day grace period/);
    expect(terms).toMatch(/within 3–5 business days/);
  });

  it('answers common questions in an FAQ', () => {
    const faq = screen.getByRole('region', { name: 'Frequently Asked Questions' });
    expect(faq.querySelectorAll('details').length).toBeGreaterThanOrEqual(5);
    expect(within(faq).getByText('What counts as a minor edit batch?')).toBeInTheDocument();
  });

  it('puts the prices in the description', () => {
    expect(document.querySelector('meta[name="description"]')?.getAttribute('content')).toMatch(/\$250.*\$500.*\$750/);
  });
});

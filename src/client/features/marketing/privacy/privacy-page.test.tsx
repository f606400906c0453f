import { render, screen, within } from '@testing-library/react';
import { siteDefaults } from '../../../../shared/site-content/defaults';
import { inApp, renderWithApp, testConfig } from '../../../../../test/support/render-with-app';
import { makeStore } from '../../../lib/store/store';
import PrivacyPage from './privacy-page';

// The Settings a fresh site publishes.
const site = siteDefaults.settings;

describe('PrivacyPage', () => {
  beforeEach(() => renderWithApp(<PrivacyPage />, { path: '/privacy' }));

  it('sets out the California rights of access, correction, deletion and opt-out', () => {
    const rights = screen.getByRole('region', { name: 'Your California Privacy Rights' });
    for (const right of ['access', 'correction', 'deletion', 'opt out']) {
      expect(within(rights).getByText(`Right to ${right}:`)).toBeInTheDocument();
    }
  });

  it('says personal data is never sold and not collected from children under 16', () => {
    expect(screen.getByText(/We do not sell your personal information/)).toBeInTheDocument();
    expect(screen.getByText(/do not knowingly collect personal information from children under 16/)).toBeInTheDocument();
  });

  it('says how visits are counted: no cookie, no storage, no address kept, DNT and GPC honoured', () => {
    const statistics = within(screen.getByRole('region', { name: 'Information We Collect' })).getByText(/^Visit statistics:/);
    for (const claim of ['We set no cookie and store nothing in your browser.', 'replaced every day and never stored', 'the address itself is never stored', 'Do Not Track or Global Privacy Control', 'kept for 90 days']) {
      expect(statistics).toHaveTextContent(claim);
    }
  });

  it("takes requests by e-mail with the subject 'California Privacy Rights'", () => {
    const request = screen.getByRole('region', { name: 'How to Make a Request' });
    expect(request).toHaveTextContent('with the subject "California Privacy Rights"');
    const link = within(request).getByRole('link', { name: site.email });
    expect(link).toHaveAttribute('href', `mailto:${site.email}?subject=California%20Privacy%20Rights`);
  });

  it('says the contact form stores nothing by default: it prepares a mail in the visitor\'s own app', () => {
    const collected = within(screen.getByRole('region', { name: 'Information We Collect' })).getByText(/^your name, email address and message/);
    expect(collected).toHaveTextContent('Our contact form does not store anything on our servers; it prepares an email in your own email app');
  });

  it('promises no deletion of logs that nothing performs: the site keeps no log files of its own', () => {
    const retention = screen.getByRole('region', { name: 'Retention and Security' });
    expect(retention).not.toHaveTextContent(/logs are deleted/i);
    expect(retention).toHaveTextContent("The website's software keeps no log files of its own");
  });

  it('says the request log keeps a shortened address, as the server logs it', () => {
    const technical = within(screen.getByRole('region', { name: 'Information We Collect' })).getByText(/^like most websites/);
    expect(technical).toHaveTextContent('your IP address shortened (its last part left out');
  });

  it('has a table of contents whose links land on the sections', () => {
    const toc = screen.getByRole('navigation', { name: 'On this page' });
    for (const link of within(toc).getAllByRole('link')) {
      expect(document.getElementById(link.getAttribute('href')!.slice(1))).not.toBeNull();
    }
  });
});

describe('PrivacyPage with the contact form sending through the server', () => {
  it('says messages are stored on the server and kept until deleted, spam 30 days, and names the form\'s one cookie', () => {
    render(inApp(<PrivacyPage />, { path: '/privacy', store: makeStore({ apiBaseUrl: 'http://api.test' }), config: { ...testConfig, contactDelivery: 'server' } }));
    const collected = within(screen.getByRole('region', { name: 'Information We Collect' })).getByText(/^your name, email address and message/);
    expect(collected).toHaveTextContent('Our contact form sends them to our server, which stores them and emails them to us. We keep them until we delete them;');
    expect(collected).toHaveTextContent('messages our spam checks catch are deleted after 30 days');
    expect(collected).toHaveTextContent('The contact page sets one cookie, strictly necessary for the form');
    expect(collected).not.toHaveTextContent('does not store anything');
  });
});

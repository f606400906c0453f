import { screen, within } from '@testing-library/react';
import { site } from '../../../../shared/site';
import { renderWithApp } from '../../../../../test/support/render-with-app';
import PrivacyPage from './PrivacyPage';

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

  it('has a table of contents whose links land on the sections', () => {
    const toc = screen.getByRole('navigation', { name: 'On this page' });
    for (const link of within(toc).getAllByRole('link')) {
      expect(document.getElementById(link.getAttribute('href')!.slice(1))).not.toBeNull();
    }
  });
});

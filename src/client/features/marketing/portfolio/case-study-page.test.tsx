import { screen, within } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { routePatterns } from '../../../../shared/paths';
import { INJECT_BASE_URL } from '../../../../server/render/inject-fetch';
import { withRealApi } from '../../../../../test/support/real-api';
import { renderWithApp } from '../../../../../test/support/render-with-app';
import CaseStudyPage from './case-study-page';

// Building the real server on a busy machine takes longer than jest's 5 s.
jest.setTimeout(20_000);

const api = withRealApi();

const renderAt = (path: string) =>
  renderWithApp(
    <Routes>
      <Route path={routePatterns.caseStudy} element={<CaseStudyPage />} />
    </Routes>,
    { path, extra: { apiBaseUrl: INJECT_BASE_URL, fetchFn: api.fetch } },
  );

describe('CaseStudyPage', () => {
  it('shows the case study: client and sector, the cover, the results, the text as the server rendered it, and the live site', async () => {
    renderAt('/portfolio/harbourline-bakery');
    expect(await screen.findByRole('heading', { level: 1, name: 'Harbourline Bakery' })).toBeInTheDocument();
    expect(screen.getByText('Neighbourhood bakery and café · Food and drink')).toBeInTheDocument();
    const cover = screen.getByRole('img', { name: /^Harbourline Bakery home page/ });
    expect(cover).toHaveAttribute('loading', 'eager');
    expect(cover).toHaveAttribute('width', '800');
    const results = screen.getByRole('region', { name: 'Results' });
    expect(within(results).getByText('Phone orders at the counter')).toBeInTheDocument();
    expect(within(results).getByText('Halved')).toBeInTheDocument();
    expect(screen.getByRole('heading', { level: 2, name: 'The challenge' })).toBeInTheDocument();
    const live = screen.getByRole('link', { name: /^Visit the live site/ });
    expect(live).toHaveAttribute('href', 'https://harbourline-bakery.example');
    expect(live).toHaveAttribute('target', '_blank');
    expect(screen.getByRole('link', { name: 'All work' })).toHaveAttribute('href', '/portfolio');
    expect(document.title).toMatch(/^Harbourline Bakery \| Portfolio \| /);
  });

  it('says that nothing is here for an unknown slug', async () => {
    renderAt('/portfolio/no-such-work');
    expect(await screen.findByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
  });
});

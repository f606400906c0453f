import { screen } from '@testing-library/react';
import { Route, Routes } from 'react-router-dom';
import { siteDefaults } from '../../../../shared/site-content/defaults';
import { renderWithApp } from '../../../../../test/support/render-with-app';
import { makeStore } from '../../../lib/store/store';
import { SERVICE_SLUGS } from '../../../../shared/service-slugs';
import ServicePage, { prefetch } from './service-page';

// The Settings a fresh site publishes.
const site = siteDefaults.settings;

// Today's words of the ten pages, as a fresh site publishes them.
const services = Object.fromEntries(
  SERVICE_SLUGS.map((slug) => {
    const page = siteDefaults.services.pages[slug];
    return [slug, { name: page.title, description: page.description, overview: page.text.split('\n\n'), image: page.image! }];
  }),
);

function renderService(slug: string) {
  return renderWithApp(
    <Routes>
      <Route path="/services/:service" element={<ServicePage />} />
    </Routes>,
    { path: `/services/${slug}` },
  );
}

describe('ServicePage', () => {
  it('covers the ten service pages', () => {
    expect([...SERVICE_SLUGS].sort()).toEqual(['api', 'database', 'ecommerce', 'fullstack', 'maintenance', 'performance', 'security', 'seo', 'uiux', 'webdevelopment']);
  });

  it.each(SERVICE_SLUGS)('%s: title, description, canonical, share tags, text and the two buttons', (slug) => {
    const { unmount } = renderService(slug);
    const service = services[slug]!;
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(service.name);
    expect(document.title).toBe(`${service.name} | ${site.name}`);
    expect(document.querySelector('meta[name="description"]')).toHaveAttribute('content', service.description);
    expect(service.description.length).toBeGreaterThan(90);
    expect(service.description.length).toBeLessThanOrEqual(170);
    expect(document.querySelector('link[rel="canonical"]')).toHaveAttribute('href', `https://agency.test/services/${slug}`);
    expect(document.querySelector('meta[property="og:title"]')).toHaveAttribute('content', `${service.name} | ${site.name}`);
    expect(document.querySelector('meta[name="twitter:card"]')).toHaveAttribute('content', 'summary_large_image');
    expect(screen.getByText(service.overview[0]!)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'View Services' })).toHaveAttribute('href', '/services');
    expect(screen.getByRole('link', { name: 'Get Started' })).toHaveAttribute('href', '/packages');
    expect(screen.getByRole('img', { name: service.image.alt })).toHaveAttribute('width', '800');
    unmount();
  });

  it('shows the not-found page for an unknown service', () => {
    renderService('blockchain');
    expect(screen.getByRole('heading', { level: 1, name: 'Page not found' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Get Started' })).toBeNull();
  });

  it('answers 404 for an unknown service and 200 for a known one', async () => {
    const read = () => Promise.reject(new Error('no API read expected'));
    const context = (service: string) => ({ store: makeStore({ apiBaseUrl: '' }), params: { service }, searchParams: new URLSearchParams(), read });
    await expect(prefetch(context('blockchain'))).resolves.toEqual({ status: 404 });
    await expect(prefetch(context('seo'))).resolves.toBeUndefined();
  });
});

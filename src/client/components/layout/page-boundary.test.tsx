import { render, screen } from '@testing-library/react';
import { PageBoundary } from './page-boundary';

function Broken(): never {
  throw new Error('The site’s about content could not be read.');
}

describe('PageBoundary', () => {
  it('shows a way to load the page again when its content cannot be read, and tries afresh on the next link', () => {
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const { rerender } = render(
      <PageBoundary href="/about">
        <Broken />
      </PageBoundary>,
    );
    expect(screen.getByRole('alert')).toHaveTextContent('This page could not be loaded');
    expect(screen.getByRole('link', { name: 'load the page again' })).toHaveAttribute('href', '/about');
    rerender(
      <PageBoundary href="/services">
        <p>Services</p>
      </PageBoundary>,
    );
    expect(screen.getByText('Services')).toBeInTheDocument();
    expect(screen.queryByRole('alert')).toBeNull();
    quiet.mockRestore();
  });
});

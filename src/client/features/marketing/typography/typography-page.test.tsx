import { screen } from '@testing-library/react';
import { renderWithApp } from '../../../../../test/support/render-with-app';
import TypographyPage from './typography-page';

describe('TypographyPage', () => {
  it('demonstrates headings, paragraphs, lists, quotes, code and tables', () => {
    renderWithApp(<TypographyPage />, { path: '/typography' });
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
    for (const name of ['Headings', 'Paragraphs and inline text', 'Lists', 'Quotations', 'Code', 'Tables']) {
      expect(screen.getByRole('heading', { level: 2, name })).toBeInTheDocument();
    }
    expect(document.querySelector('ul li')).not.toBeNull();
    expect(document.querySelector('ol li')).not.toBeNull();
    expect(screen.getByRole('blockquote')).toBeInTheDocument();
    expect(document.querySelector('pre code')).not.toBeNull();
    expect(screen.getByRole('table')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').length).toBe(3);
  });
});

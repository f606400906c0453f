import { render, screen } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { RuntimeConfigProvider } from '../../lib/runtime-config';
import Markdown from './markdown';

const KEY = '0123456789abcdef0123456789abcdef';

const tree = (content: string) => (
  <RuntimeConfigProvider value={{ siteUrl: 'https://agency.test', apiBaseUrl: '' }}>
    <Markdown content={content} />
  </RuntimeConfigProvider>
);

describe('images of ours in a post', () => {
  it('get their versions, sizes, intrinsic size, lazy loading and async decoding, in the browser and on the server alike', () => {
    const content = `Text\n\n![A chart of page weight](/uploads/${KEY}.webp#1600x900)`;
    render(tree(content));
    const image = screen.getByRole('img', { name: 'A chart of page weight' });
    expect(image).toHaveAttribute('src', `/uploads/${KEY}.webp`);
    expect(image).toHaveAttribute('srcset', `/uploads/${KEY}-400.webp 400w, /uploads/${KEY}-800.webp 800w, /uploads/${KEY}.webp 1600w`);
    expect(image).toHaveAttribute('sizes', '(min-width: 52rem) 48rem, 100vw');
    expect([image.getAttribute('width'), image.getAttribute('height')]).toEqual(['1600', '900']);
    expect([image.getAttribute('loading'), image.getAttribute('decoding')]).toEqual(['lazy', 'async']);
    const html = renderToStaticMarkup(tree(content));
    // HTML attribute names are case-insensitive; React writes srcSet.
    expect(html.toLowerCase()).toContain(`srcset="/uploads/${KEY}-400.webp 400w`);
    expect(html).toMatch(/width="1600" height="900"/);
  });

  it('offers no version wider than a small image, and no size when the address names none', () => {
    render(tree(`![small](/uploads/${KEY}.webp#300x200) ![unsized](/uploads/${KEY}.webp)`));
    expect(screen.getByRole('img', { name: 'small' })).toHaveAttribute('srcset', `/uploads/${KEY}.webp 300w`);
    const unsized = screen.getByRole('img', { name: 'unsized' });
    expect(unsized).toHaveAttribute('srcset', expect.stringContaining('1600w'));
    expect(unsized).not.toHaveAttribute('width');
  });

  it('leaves images from elsewhere, and hostile attributes, to the sanitiser', () => {
    render(tree(`![other](https://example.com/a.webp#1x1) <img src="/uploads/${KEY}.webp" srcset="javascript:alert(1) 1w" alt="raw" onerror="alert(1)">`));
    const other = screen.getByRole('img', { name: 'other' });
    expect(other).not.toHaveAttribute('srcset');
    expect(other).not.toHaveAttribute('width');
    const raw = screen.getByRole('img', { name: 'raw' });
    expect(raw.getAttribute('srcset')).not.toContain('javascript');
    expect(raw).not.toHaveAttribute('onerror');
  });
});

import fs from 'node:fs';
import path from 'node:path';
import { render } from '@testing-library/react';
import { renderToStaticMarkup } from 'react-dom/server';
import { RuntimeConfigProvider } from '../../lib/runtime-config';
import { renderMarkdownHtml } from '../../../shared/markdown/render-html';
import Markdown from './markdown';
import { StoredMarkdown } from './stored-markdown';

// The server stores a post's HTML (renderMarkdownHtml, run when the post is written) and the post
// page shows it as it is. These prove it is exactly what the browser's own renderer makes of the
// same markdown, so a post looks the same whether the server or the browser rendered it.
const SITE = 'https://agency.test';
const fixtures = path.resolve(__dirname, '../../../../test/fixtures');

const browser = (content: string) => (
  <RuntimeConfigProvider value={{ siteUrl: SITE, apiBaseUrl: '' }}>
    <Markdown content={content} />
  </RuntimeConfigProvider>
);

/** The XSS payloads of test/fixtures/xss, as the browser renderer's tests send them: alone, inside text, as link and image targets. */
function xssContents(): string[] {
  const dir = path.join(fixtures, 'xss');
  return fs
    .readdirSync(dir)
    .filter((name) => name.endsWith('.txt'))
    .flatMap((name) => fs.readFileSync(path.join(dir, name), 'utf8').split('\n'))
    .filter((line) => line.trim() !== '')
    .flatMap((payload) => [payload, `Text before ${payload} text after`, `[link](${payload}) ![img](${payload})`]);
}

/**
 * Whether the page shows the same tree. React's DOM client writes the attributes of an element in
 * an order of its own (an image's `src` last, an input's `type` first) and a style through the
 * CSSOM (`text-align: right;`), where the parser keeps the markup's order and text; both are the
 * same DOM. So attributes compare as sets (isEqualNode) and styles as the CSSOM reads them back.
 */
function sameTree(shown: Element, rendered: Element): boolean {
  for (const root of [shown, rendered]) {
    for (const element of root.querySelectorAll<HTMLElement>('[style]')) element.setAttribute('style', element.style.cssText);
  }
  return shown.isEqualNode(rendered);
}

const rich = fs.readdirSync(path.join(fixtures, 'markdown')).map((name) => [name, fs.readFileSync(path.join(fixtures, 'markdown', name), 'utf8')] as const);

describe('the stored HTML', () => {
  it.each(rich)('of %s is byte for byte the browser renderer\'s markup, and reads back as the same tree', (_name, content) => {
    const stored = renderMarkdownHtml(content, SITE);
    // `Markdown` wraps the body in its element; the stored HTML is that element's inside.
    expect(renderToStaticMarkup(browser(content))).toBe(`<div>${stored}</div>`);
    // And the page's element holding it (StoredMarkdown) has the same DOM as the rendered component.
    const rendered = render(browser(content)).container.firstElementChild!;
    const shown = render(<StoredMarkdown html={stored} postId="p" />).container.firstElementChild!;
    for (const attribute of ['class', 'data-stored-html']) shown.removeAttribute(attribute);
    expect(sameTree(shown, rendered)).toBe(true);
    expect(stored.length).toBeGreaterThan(500);
  });

  it('of every XSS payload is byte for byte the browser renderer\'s markup', () => {
    const contents = xssContents();
    expect(contents.length).toBeGreaterThan(1000);
    const differing = contents.filter((content) => renderToStaticMarkup(browser(content)) !== `<div>${renderMarkdownHtml(content, SITE)}</div>`);
    expect(differing).toEqual([]);
  });

  it('of every XSS payload shows in the page as the tree the browser renderer builds', () => {
    const reactErrors = jest.spyOn(console, 'error').mockImplementation(() => {});
    const differing: string[] = [];
    for (const content of xssContents()) {
      const rendered = render(browser(content));
      const shown = render(<StoredMarkdown html={renderMarkdownHtml(content, SITE)} postId="p" />);
      const element = shown.container.firstElementChild!;
      for (const attribute of ['class', 'data-stored-html']) element.removeAttribute(attribute);
      if (!sameTree(element, rendered.container.firstElementChild!)) differing.push(content);
      rendered.unmount();
      shown.unmount();
    }
    reactErrors.mockRestore();
    expect(differing).toEqual([]);
  });
});

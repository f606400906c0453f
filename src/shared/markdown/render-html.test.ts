import fs from 'node:fs';
import path from 'node:path';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import ReactMarkdown from 'react-markdown';
import { markdownPipeline } from './pipeline';
import { proseWords } from './prose-words';
import { renderMarkdown, renderMarkdownHtml } from './render-html';

const SITE = 'https://agency.test';
const fixtures = path.resolve(__dirname, '../../../test/fixtures');
const read = (folder: string) => fs.readdirSync(path.join(fixtures, folder)).map((name) => fs.readFileSync(path.join(fixtures, folder, name), 'utf8'));
/** Every line of the XSS corpus, and the rich-markdown fixtures whole. */
const contents = () => [...read('markdown'), ...read('xss').flatMap((file) => file.split('\n').filter((line) => line.trim() !== ''))];

// rich.md names both: one with the editor's fragment, one in raw HTML without.
const FRAGMENT_KEY = '0123456789abcdef0123456789abcdef';
const RAW_KEY = 'fedcba9876543210fedcba9876543210';
const imageSizes = new Map([
  [FRAGMENT_KEY, { width: 1200, height: 675 }],
  [RAW_KEY, { width: 640, height: 480 }],
]);

describe('a post rendered once', () => {
  it('with the recorded sizes of its images is byte for byte what the browser\'s react-markdown makes with the same pipeline and sizes', () => {
    const differing = [...contents(), `![by hand](/uploads/${RAW_KEY}.webp)`].filter((content) => {
      const browser = renderToStaticMarkup(createElement(ReactMarkdown, { ...markdownPipeline(SITE, { imageSizes }), children: content }));
      return browser !== renderMarkdownHtml(content, SITE, imageSizes);
    });
    expect(differing).toEqual([]);
  });

  it('gives an image of ours its recorded size where the address names none; the address\'s own size wins; an unknown one gets none', () => {
    const html = renderMarkdownHtml(`![hand](/uploads/${RAW_KEY}.webp) ![fragment](/uploads/${RAW_KEY}.webp#300x200) ![unknown](/uploads/${'e'.repeat(32)}.webp)`, SITE, imageSizes);
    const tags = [...html.matchAll(/<img [^>]*>/g)].map(([tag]) => tag);
    expect(tags[0]).toMatch(/srcSet="[^"]*-400\.webp 400w, [^"]*\.webp 640w" [^>]*width="640" height="480"/);
    expect(tags[1]).toMatch(/srcSet="[^"]*\.webp 300w" [^>]*width="300" height="200"/);
    expect(tags[2]).toContain('1600w');
    expect(tags[2]).not.toMatch(/width=/);
    expect(renderMarkdownHtml(read('markdown').find((file) => file.includes(RAW_KEY))!, SITE, imageSizes)).toMatch(/<img src="\/uploads\/fedcba9876543210fedcba9876543210\.webp" alt="Raw" [^>]*width="640" height="480"/);
  });

  it('takes its words from the tree its HTML is made from: every word is text the page shows', () => {
    const page = document.createElement('div');
    const unseen = contents().flatMap((content) => {
      const { html, tree } = renderMarkdown(content, SITE);
      page.innerHTML = html;
      const shown = page.textContent ?? '';
      return proseWords(tree).filter((word) => !shown.includes(word)).map((word) => `${word} in ${content}`);
    });
    expect(unseen).toEqual([]);
  });
});

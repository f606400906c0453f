import TurndownService from 'turndown';
import { gfm } from 'turndown-plugin-gfm';
import { blocksAsText } from './export-model';

/**
 * HTML of an export as this site's markdown: turndown with GitHub's tables and strikethrough.
 * Scripts, styles and frames go; images point at their new addresses (`imageAddress`), or keep
 * their alt text alone when they have none. What comes out is stored like any post's markdown,
 * so the one sanitiser of every post applies to it on its way to visitors.
 */
export function htmlToMarkdown(html: string, imageAddress: (url: string) => string | undefined): string {
  const turndown = new TurndownService({ headingStyle: 'atx', codeBlockStyle: 'fenced', bulletListMarker: '-', emDelimiter: '*' });
  turndown.use(gfm);
  turndown.remove(['script', 'style', 'iframe', 'object', 'embed', 'form', 'noscript']);
  turndown.addRule('image', {
    filter: 'img',
    replacement: (_content, node) => {
      const element = node as HTMLElement;
      const alt = (element.getAttribute('alt') ?? '').replace(/[[\]\n]/g, ' ').trim();
      const address = imageAddress(element.getAttribute('src') ?? '');
      return address ? `![${alt}](${address})` : alt;
    },
  });
  // WordPress's classic editor keeps paragraphs as bare text between blank lines (its "autop").
  const paragraphs = blocksAsText(html)
    .split(/\n\s*\n/)
    .map((part) => (/^\s*<(p|div|h[1-6]|ul|ol|table|figure|blockquote|pre|hr|!--)\b/i.test(part) || !part.trim() ? part : `<p>${part}</p>`))
    .join('\n');
  return turndown.turndown(paragraphs).trim();
}

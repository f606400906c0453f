import { renderMarkdownHtml } from '../../shared/markdown/render-html';

/** Enough for the ten service pages and the privacy policy, with room for a publication's new texts. */
const KEPT = 32;

/**
 * Markdown of the site content rendered to HTML once per text rather than once per page render:
 * the texts change only with a publication, and an uncached page should cost little more than it
 * did when its words were code.
 */
export class MarkdownMemo {
  private readonly kept = new Map<string, string>();

  constructor(private readonly siteUrl: string) {}

  html(markdown: string): string {
    let html = this.kept.get(markdown);
    if (html === undefined) {
      html = renderMarkdownHtml(markdown, this.siteUrl);
      if (this.kept.size >= KEPT) this.kept.delete(this.kept.keys().next().value!);
      this.kept.set(markdown, html);
    }
    return html;
  }
}

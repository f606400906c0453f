import type { PrivacyContent } from '../contract/site/pages';
import { renderMarkdownHtml } from '../markdown/render-html';

export interface PrivacySection {
  /** The anchor the page's contents link to, made from the heading. */
  id: string;
  title: string;
  /** The section's text rendered and sanitised; `{name}`, `{email}` and `{contactForm}` still to fill. */
  html: string;
  /** The subject the section asks mail to carry (`with the subject "…"`), for its mail links. */
  mailSubject: string | null;
}

const anchorOf = (title: string) =>
  title
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '') || 'section';

/**
 * The policy's markdown cut at each "## " heading into the page's sections (text before the first
 * heading is left out: the page's hero introduces it), each rendered as the blog renders markdown.
 */
export function privacySections(privacy: PrivacyContent, siteUrl: string, render: (markdown: string) => string = (text) => renderMarkdownHtml(text, siteUrl)): PrivacySection[] {
  const used = new Set<string>();
  return privacy.text
    .split(/^## /m)
    .slice(1)
    .map((chunk) => {
      const newline = chunk.indexOf('\n');
      const title = (newline < 0 ? chunk : chunk.slice(0, newline)).trim();
      const text = newline < 0 ? '' : chunk.slice(newline + 1);
      let id = anchorOf(title);
      for (let n = 2; used.has(id); n += 1) id = `${anchorOf(title)}-${n}`;
      used.add(id);
      return { id, title, html: render(text), mailSubject: /with the subject "([^"]+)"/.exec(text)?.[1] ?? null };
    });
}

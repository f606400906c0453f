import { load } from 'cheerio/slim';
import { convert } from 'html-to-text';
import juice from 'juice';
import { paths } from '../../shared/paths';
import { escapeHtml } from '../../shared/text/escape-html';
import { TOKEN_SLOT, type MailPost } from './newsletter-mail';
import type { NewsletterIdentity } from './site-identity';

/** A post's mail rendered for every subscriber alike, the unsubscribe token still a slot. */
export interface RenderedMail {
  html: string;
  text: string;
}

/** Styles of the mail, inlined by juice: many mail programs drop a `<style>` element. */
const MAIL_CSS = `
body { margin: 0; padding: 0; background: #f6f5f2; }
.wrap { max-width: 640px; margin: 0 auto; padding: 24px 16px; font-family: Georgia, 'Times New Roman', serif; color: #1d1d1f; font-size: 17px; line-height: 1.6; }
.site { font-family: Arial, Helvetica, sans-serif; font-size: 14px; color: #5b5b60; margin: 0 0 16px; }
h1 { font-size: 28px; line-height: 1.25; margin: 0 0 16px; }
h2, h3 { line-height: 1.3; }
img { max-width: 100%; height: auto; border: 0; }
a { color: #1f5fbf; }
pre { white-space: pre-wrap; background: #efede8; padding: 12px; font-size: 14px; }
code { font-family: Menlo, Consolas, monospace; font-size: 14px; }
blockquote { margin: 0; padding-left: 16px; border-left: 3px solid #c9c6bd; color: #4a4a4f; }
table { border-collapse: collapse; }
th, td { border: 1px solid #c9c6bd; padding: 4px 8px; }
.read { margin: 24px 0; font-family: Arial, Helvetica, sans-serif; }
.footer { margin-top: 32px; padding-top: 16px; border-top: 1px solid #d8d5cc; font-family: Arial, Helvetica, sans-serif; font-size: 13px; color: #5b5b60; }
`;

/** `/uploads/{key}.webp` (the largest version) as its 800 px version: wide enough for any mail. */
const toMailSize = (url: string) => url.replace(/\.webp(?:#.*)?$/, '-800.webp');

/**
 * The post's HTML made fit for a mail: every address absolute (a mail has no page to resolve
 * against), images at their 800 px version without `srcset` (which mail programs ignore), and
 * nothing added: no tracking pixel, links left exactly where they point.
 */
function mailBody(html: string, siteUrl: string): string {
  const $ = load(html, null, false);
  const absolute = (value: string) => {
    try {
      return new URL(value, `${siteUrl}/`).href;
    } catch {
      return value;
    }
  };
  $('img').each((_, element) => {
    const image = $(element);
    const src = image.attr('src');
    if (src) image.attr('src', absolute(/^\/uploads\/[0-9a-f]{32}\.webp/.test(src) ? toMailSize(src) : src));
    image.removeAttr('srcset').removeAttr('sizes').removeAttr('loading').removeAttr('decoding');
    const width = Number(image.attr('width'));
    const height = Number(image.attr('height'));
    if (width > 600 && height > 0) image.attr('height', String(Math.round((height * 600) / width))).attr('width', '600');
  });
  $('a[href]').each((_, element) => {
    const link = $(element);
    const href = link.attr('href')!;
    // An anchor within the post means nothing in a mail: it points at the post's page instead.
    if (!href.startsWith('#')) link.attr('href', absolute(href));
  });
  return $.html();
}

/**
 * The mail's costly part, done once a send: the whole document, its styles inlined, and its
 * plain-text part. Some 60 ms of CPU for a post of a few screens the first time, which is why it
 * runs on a thread of its own (`mail-template-worker.ts`) rather than where pages are answered.
 */
export function renderMailTemplate(post: MailPost, siteUrl: string, identity: NewsletterIdentity): RenderedMail {
  const postUrl = `${siteUrl}${paths.blogPost(post.slug)}`;
  const unsubscribeUrl = `${siteUrl}/unsubscribe/${TOKEN_SLOT}`;
  const image = post.imageUrl
    ? `<p><img src="${escapeHtml(new URL(toMailSize(post.imageUrl), `${siteUrl}/`).href)}" alt="${escapeHtml(post.imageAlt)}" width="600"></p>`
    : '';
  const document = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(post.title)}</title><style>${MAIL_CSS}</style></head>
<body><div class="wrap">
<p class="site">${escapeHtml(identity.name)}</p>
<h1><a href="${escapeHtml(postUrl)}">${escapeHtml(post.title)}</a></h1>
${image}
${mailBody(post.html, siteUrl)}
<p class="read"><a href="${escapeHtml(postUrl)}">Read it on the site</a></p>
<div class="footer"><p>You receive this mail because you subscribed to the blog of ${escapeHtml(identity.name)}.</p>
<p><a href="${escapeHtml(unsubscribeUrl)}">Unsubscribe</a></p></div>
</div></body></html>`;
  const html = juice(document, { removeStyleTags: true, preserveMediaQueries: false });
  const text = convert(html, {
    wordwrap: 78,
    selectors: [
      { selector: 'h1', options: { uppercase: false } },
      { selector: 'img', format: 'skip' },
      { selector: 'a', options: { hideLinkHrefIfSameAsText: true } },
    ],
  });
  return { html, text };
}

import { site } from '../../shared/site';
import { summary } from '../../shared/text/summary';
import type { FeedPost } from './feed-posts';
import { escapeXml } from './xml';

/** How many posts the feed carries. */
export const RSS_ITEMS = 20;

const rfc822 = (iso: string) => new Date(iso).toUTCString();

/** rss.xml, RSS 2.0: the latest posts with title, link, date and the 40-word summary. */
export function renderRss(siteUrl: string, posts: readonly FeedPost[], now = new Date()): string {
  const items = posts.map((post) => {
    const link = `${siteUrl}/blog/${encodeURIComponent(post.slug)}`;
    return [
      '<item>',
      `<title>${escapeXml(post.title)}</title>`,
      `<link>${escapeXml(link)}</link>`,
      `<guid isPermaLink="true">${escapeXml(link)}</guid>`,
      `<pubDate>${rfc822(post.createdAt)}</pubDate>`,
      `<description>${escapeXml(summary(post.content))}</description>`,
      '</item>',
    ].join('');
  });
  const lastBuild = posts[0] ? rfc822(posts.map((post) => post.updatedAt).sort().at(-1)!) : now.toUTCString();
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<rss version="2.0" xmlns:atom="http://www.w3.org/2005/Atom">',
    '<channel>',
    `<title>${escapeXml(`${site.name} blog`)}</title>`,
    `<link>${escapeXml(`${siteUrl}/blog`)}</link>`,
    `<description>${escapeXml('Insights, updates, and web wisdom.')}</description>`,
    `<language>${site.locale.toLowerCase().replace('_', '-')}</language>`,
    `<lastBuildDate>${lastBuild}</lastBuildDate>`,
    `<atom:link href="${escapeXml(`${siteUrl}/rss.xml`)}" rel="self" type="application/rss+xml"/>`,
    ...items,
    '</channel>',
    '</rss>',
  ].join('\n') + '\n';
}

import { Feed } from 'feed';
import { paths } from '../../shared/paths';
import type { FeedPost } from './feed-posts';

/** How many posts the feed carries. */
export const RSS_ITEMS = 20;

/* eslint-disable-next-line no-control-regex -- control characters are exactly what this matches */
const NOT_XML = /[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;

/**
 * The feed library writes titles and summaries into CDATA sections as they come, and XML can
 * hold neither a control character or lone surrogate nor, there, a second `]]>` (it ends the
 * section early; the library escapes only the first). The former are dropped; `]]>` is written
 * `]]&gt;`, which readers, taking the text for HTML as RSS readers do, show as it was.
 */
const feedText = (text: string) => text.replace(NOT_XML, '').replaceAll(']]>', ']]&gt;');

/** What distinguishes one feed from another: the blog's, or a tag's. */
export interface FeedChannel {
  title: string;
  /** Site-relative paths of the page the feed follows and of the feed itself. */
  page: string;
  self: string;
}

/** The blog's own feed, titled with the site's name. */
export const blogChannel = (siteName: string): FeedChannel => ({ title: `${siteName} blog`, page: paths.blog, self: paths.blogFeed });

/** rss.xml, RSS 2.0: the latest posts with title, link, date and the 40-word summary. */
export function renderRss(siteUrl: string, posts: readonly FeedPost[], now: Date, channel: FeedChannel): string {
  const newest = posts.reduce<string | undefined>((latest, post) => (!latest || post.updatedAt > latest ? post.updatedAt : latest), undefined);
  const feed = new Feed({
    title: feedText(channel.title),
    link: siteUrl + channel.page,
    description: 'Insights, updates, and web wisdom.',
    // The site is written in US English (the document's lang and og:locale say so too).
    language: 'en-us',
    updated: newest ? new Date(newest) : now,
    feedLinks: { rss: siteUrl + channel.self },
    generator: false,
  });
  for (const post of posts) {
    feed.addItem({
      title: feedText(post.title),
      // Without an id the library takes the link as the guid, a permalink.
      link: siteUrl + paths.blogPost(post.slug),
      date: new Date(post.publishedAt),
      description: feedText(post.summary),
    });
  }
  return feed.rss2();
}

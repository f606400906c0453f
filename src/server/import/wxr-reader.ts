import { createReadStream } from 'node:fs';
import { SaxesParser, type SaxesTagPlain } from 'saxes';
import { codesLeftAsText, ExportError, imageAddresses, type ExportedPost, type ExportSummary } from './export-model';

/** Text kept of one element (a post's content): past it the post is refused, not the memory filled. */
const MAX_TEXT = 4 * 1024 * 1024;

interface Attachment {
  url: string;
  alt: string;
}

interface Item {
  fields: Map<string, string>;
  tags: string[];
  meta: Map<string, string>;
  comments: number;
}

/** What a first pass keeps for the second: the attachments, which may come after the posts naming them. */
export interface WxrIndex {
  attachments: Map<string, Attachment>;
}

/**
 * Reads a WordPress export (WXR) as a stream: element by element, never the whole file at
 * once, each item handed on as soon as it ends. A DOCTYPE is refused outright, so no entity can
 * be declared and expanded (the "billion laughs"); saxes knows only XML's five entities.
 */
export async function readWxr(file: string, onPost: (post: ExportedPost) => Promise<void>, index?: WxrIndex): Promise<{ summary: ExportSummary; index: WxrIndex }> {
  const parser = new SaxesParser({ xmlns: false, position: true });
  const summary: ExportSummary = { source: 'wordpress', siteUrl: null, posts: 0, drafts: 0, tags: [], images: 0, skipped: { pages: 0, comments: 0, authors: 0 }, leftAsText: [] };
  const found: WxrIndex = { attachments: new Map() };
  const tags = new Set<string>();
  const images = new Set<string>();
  const featured = new Set<string>();
  const stack: string[] = [];
  const posts: ExportedPost[] = [];
  let item: Item | undefined;
  let text = '';
  let metaKey = '';
  let rss = false;
  let failure: Error | undefined;

  parser.on('doctype', () => {
    throw new ExportError('The file declares a DOCTYPE, which a WordPress export never does; it is refused so that no entity can expand.');
  });
  parser.on('opentag', (tag: SaxesTagPlain) => {
    if (stack.length === 0) {
      if (tag.name !== 'rss') throw new ExportError('This is not a WordPress export: it does not start with <rss>.');
      rss = true;
    }
    stack.push(tag.name);
    text = '';
    if (tag.name === 'item') item = { fields: new Map(), tags: [], meta: new Map(), comments: 0 };
    if (tag.name === 'category' && item) text = '';
    if (tag.name === 'category' && item && (tag.attributes.domain === 'post_tag' || tag.attributes.domain === 'category')) item.fields.set('category-domain', String(tag.attributes.domain));
  });
  const addText = (chunk: string) => {
    if (text.length + chunk.length > MAX_TEXT) throw new ExportError(`An element of the file is larger than ${MAX_TEXT / 1024 / 1024} MB; no post is that long.`);
    text += chunk;
  };
  parser.on('text', addText);
  parser.on('cdata', addText);
  parser.on('closetag', (tag) => {
    stack.pop();
    const value = text.trim();
    text = '';
    if (!item) {
      if (tag.name === 'wp:base_site_url' || (tag.name === 'link' && stack.at(-1) === 'channel' && !summary.siteUrl)) summary.siteUrl = value.replace(/\/+$/, '');
      if (tag.name === 'wp:author' && stack.at(-1) === 'channel') summary.skipped.authors++;
      return;
    }
    if (tag.name === 'item') {
      const done = item;
      item = undefined;
      const post = toPost(done, summary.siteUrl, index ?? found);
      if (post === 'attachment') {
        const id = done.fields.get('wp:post_id');
        const url = done.fields.get('wp:attachment_url') ?? done.fields.get('guid');
        if (id && url) found.attachments.set(id, { url, alt: done.meta.get('_wp_attachment_image_alt') ?? '' });
      } else if (post === 'page') {
        summary.skipped.pages++;
      } else if (post) {
        const thumbnail = done.meta.get('_thumbnail_id');
        if (thumbnail) featured.add(thumbnail);
        summary.skipped.comments += done.comments;
        if (post.status === 'draft') summary.drafts++;
        else summary.posts++;
        post.tags.forEach((tag) => tags.add(tag));
        codesLeftAsText(post.html).forEach((code) => summary.leftAsText.push({ post: post.title, code }));
        posts.push(post);
      }
      return;
    }
    if (tag.name === 'wp:comment') item.comments++;
    else if (tag.name === 'category') {
      if (item.fields.get('category-domain') && value && value !== 'Uncategorized') item.tags.push(value);
      item.fields.delete('category-domain');
    } else if (tag.name === 'wp:meta_key') metaKey = value;
    else if (tag.name === 'wp:meta_value') item.meta.set(metaKey, value);
    else if (stack.at(-1) === 'item') item.fields.set(tag.name, tag.name === 'content:encoded' ? text || value : value);
  });
  parser.on('error', (error) => {
    failure ??= error;
  });

  try {
    for await (const chunk of createReadStream(file, { encoding: 'utf8', highWaterMark: 64 * 1024 })) {
      parser.write(chunk as string);
      if (failure) break;
      // Posts go on as they end, while the rest of the file is still unread.
      for (const post of posts.splice(0)) {
        post.featureImage = post.featureImage ?? null;
        await onPost(post);
        imageAddresses(post).forEach((address) => images.add(address));
      }
    }
    if (!failure) parser.close();
  } catch (error) {
    failure ??= error as Error;
  }
  if (failure) throw failure instanceof ExportError ? failure : new ExportError(`The file is not well-formed XML: ${failure.message.split('\n')[0]}`);
  if (!rss) throw new ExportError('The file is empty.');
  for (const post of posts.splice(0)) {
    await onPost(post);
    imageAddresses(post).forEach((address) => images.add(address));
  }
  // Featured images may be attachments listed after their posts: counted once all are known.
  for (const id of featured) {
    const url = (index ?? found).attachments.get(id)?.url;
    if (url) images.add(url);
  }
  summary.tags = [...tags];
  summary.images = images.size;
  return { summary, index: found };
}

function toPost(item: Item, siteUrl: string | null, index: WxrIndex): ExportedPost | 'page' | 'attachment' | undefined {
  const type = item.fields.get('wp:post_type');
  if (type === 'attachment') return 'attachment';
  if (type === 'page') return 'page';
  if (type !== 'post') return undefined;
  const status = item.fields.get('wp:status');
  if (status !== 'publish' && status !== 'draft' && status !== 'future' && status !== 'pending' && status !== 'private') return undefined;
  const id = item.fields.get('wp:post_id') ?? '';
  const title = item.fields.get('title') ?? '';
  const published = status === 'publish';
  const thumbnail = item.meta.get('_thumbnail_id');
  const attachment = thumbnail ? index.attachments.get(thumbnail) : undefined;
  const oldPaths = published ? [pathOf(item.fields.get('link'), siteUrl), `/?p=${id}`].filter((path): path is string => Boolean(path)) : [];
  return {
    sourceKey: `wordpress:${siteUrl ?? ''}:${id}`,
    title: title || 'Untitled',
    slug: decodeURIComponent(item.fields.get('wp:post_name') ?? ''),
    html: item.fields.get('content:encoded') ?? '',
    status: published ? 'published' : 'draft',
    publishedAt: published ? gmt(item.fields.get('wp:post_date_gmt'), item.fields.get('wp:post_date')) : null,
    createdAt: gmt(item.fields.get('wp:post_date_gmt'), item.fields.get('wp:post_date')) ?? new Date(0).toISOString(),
    tags: [...new Set(item.tags)],
    featureImage: attachment ? { url: attachment.url, alt: attachment.alt } : null,
    oldPaths: [...new Set(oldPaths)],
  };
}

/** WordPress writes times as "2024-03-12 09:30:00", in UTC in the *_gmt fields ("0000-00-00 00:00:00" for a draft). */
function gmt(utc: string | undefined, local: string | undefined): string | null {
  for (const value of [utc, local]) {
    if (!value || value.startsWith('0000')) continue;
    const time = Date.parse(`${value.replace(' ', 'T')}Z`);
    if (Number.isFinite(time)) return new Date(time).toISOString();
  }
  return null;
}

function pathOf(link: string | undefined, siteUrl: string | null): string | undefined {
  if (!link) return undefined;
  try {
    const url = new URL(link, siteUrl ?? 'https://old.invalid');
    return `${url.pathname.replace(/\/+$/, '') || '/'}${url.search}`;
  } catch {
    return undefined;
  }
}

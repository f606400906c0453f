/** A post as an export holds it, in the terms both readers share. */
export interface ExportedPost {
  /** The export's own name for it, kept so that importing the same file again adds nothing twice. */
  sourceKey: string;
  title: string;
  slug: string;
  html: string;
  status: 'published' | 'draft';
  /** ISO UTC; null for a draft. */
  publishedAt: string | null;
  createdAt: string;
  tags: string[];
  featureImage: { url: string; alt: string } | null;
  /** The addresses the post had on the old site (paths, some with a query): each redirects to the new one. */
  oldPaths: string[];
}

/** What a dry run finds in an export, and what it leaves out. */
export interface ExportSummary {
  source: 'wordpress' | 'ghost';
  /** The old site's address, when the export says it. */
  siteUrl: string | null;
  posts: number;
  drafts: number;
  tags: string[];
  /** Distinct image addresses: inside posts and featured. */
  images: number;
  skipped: { pages: number; comments: number; authors: number };
  /** Shortcodes and blocks kept as text, each with the post it is in. */
  leftAsText: { post: string; code: string }[];
}

export class ExportError extends Error {
  override name = 'ExportError';
}

/** The image addresses a post's HTML names, and its featured image. */
export function imageAddresses(post: Pick<ExportedPost, 'html' | 'featureImage'>): string[] {
  const found = new Set<string>();
  for (const match of post.html.matchAll(/<img\b[^>]*?\ssrc\s*=\s*["']([^"']+)["']/gi)) found.add(decodeEntities(match[1]!));
  if (post.featureImage) found.add(post.featureImage.url);
  return [...found];
}

function decodeEntities(value: string): string {
  return value.replace(/&amp;/g, '&').replace(/&#0?38;/g, '&');
}

/**
 * WordPress shortcodes (`[gallery ids="1,2"]`, `[contact-form-7 …]`) and dynamic blocks without
 * HTML of their own (`<!-- wp:latest-posts /-->`): nothing here can render them, so they stay as
 * readable text and the report lists them.
 */
export function codesLeftAsText(html: string): string[] {
  const codes = new Set<string>();
  for (const match of html.matchAll(/\[(\/?)([a-z][a-z0-9_-]*)(?:\s[^\]]*)?\]/gi)) if (!match[1]) codes.add(`[${match[2]!}]`);
  for (const match of html.matchAll(/<!--\s*wp:([a-z0-9/-]+)[^>]*?\/-->/gi)) codes.add(`${match[1]!} block`);
  return [...codes];
}

/** The self-closing blocks, as text a reader understands, before the HTML is converted. */
export function blocksAsText(html: string): string {
  return html.replace(/<!--\s*wp:([a-z0-9/-]+)[^>]*?\/-->/gi, (_all, name: string) => `<p>[${name} block]</p>`);
}

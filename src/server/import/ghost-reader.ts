import { readFile, stat } from 'node:fs/promises';
import { codesLeftAsText, ExportError, imageAddresses, type ExportedPost, type ExportSummary } from './export-model';

/** Ghost exports are read whole (JSON); past this the file is refused rather than parsed. */
const MAX_GHOST_BYTES = 50 * 1024 * 1024;
/** What Ghost 4 and later write instead of the site's own address, in HTML and image fields. */
const GHOST_URL = '__GHOST_URL__';

interface GhostPost {
  id: string;
  uuid?: string;
  title?: string;
  slug?: string;
  html?: string | null;
  type?: string;
  page?: boolean | number;
  status?: string;
  published_at?: string | null;
  created_at?: string;
  feature_image?: string | null;
}

interface GhostData {
  posts?: GhostPost[];
  tags?: { id: string; name: string; slug?: string }[];
  posts_tags?: { post_id: string; tag_id: string; sort_order?: number }[];
  users?: unknown[];
  posts_meta?: { post_id: string; feature_image_alt?: string | null }[];
}

/**
 * A Ghost export (Ghost 4 to 6: `{ db: [{ meta, data }] }`; older ones put `data` at the top).
 * Each post's `html` is Ghost's own rendering of its lexical or mobiledoc document, so it is what
 * is imported; `__GHOST_URL__` becomes the old site's address the owner gives.
 */
export async function readGhost(file: string, siteUrl: string | null, onPost: (post: ExportedPost) => Promise<void>): Promise<ExportSummary> {
  if ((await stat(file)).size > MAX_GHOST_BYTES) throw new ExportError(`A Ghost export larger than ${MAX_GHOST_BYTES / 1024 / 1024} MB is not taken.`);
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(file, 'utf8'));
  } catch {
    throw new ExportError('The file is neither a WordPress export (XML) nor a Ghost export (JSON): it does not parse.');
  }
  const data = ghostData(parsed);
  const base = siteUrl?.replace(/\/+$/, '') ?? null;
  const withSite = (value: string) => (base ? value.split(GHOST_URL).join(base) : value);
  const tagNames = new Map((data.tags ?? []).filter((tag) => typeof tag.name === 'string' && !tag.name.startsWith('#')).map((tag) => [tag.id, tag.name]));
  const alts = new Map((data.posts_meta ?? []).map((meta) => [meta.post_id, meta.feature_image_alt ?? '']));
  const tagsOf = new Map<string, string[]>();
  for (const link of [...(data.posts_tags ?? [])].sort((a, b) => (a.sort_order ?? 0) - (b.sort_order ?? 0))) {
    const name = tagNames.get(link.tag_id);
    if (name) tagsOf.set(link.post_id, [...(tagsOf.get(link.post_id) ?? []), name]);
  }
  const summary: ExportSummary = {
    source: 'ghost',
    siteUrl: base,
    posts: 0,
    drafts: 0,
    tags: [],
    images: 0,
    skipped: { pages: 0, comments: 0, authors: Array.isArray(data.users) ? data.users.length : 0 },
    leftAsText: [],
  };
  const images = new Set<string>();
  const used = new Set<string>();
  for (const raw of data.posts ?? []) {
    if (!raw || typeof raw !== 'object' || typeof raw.id !== 'string') throw new ExportError('A post of the Ghost export has no id; the file is not a Ghost export.');
    if (raw.type === 'page' || raw.page === true || raw.page === 1) {
      summary.skipped.pages++;
      continue;
    }
    const published = raw.status === 'published';
    if (!published && raw.status !== 'draft' && raw.status !== 'scheduled') continue;
    const post: ExportedPost = {
      sourceKey: `ghost:${raw.uuid ?? raw.id}`,
      title: String(raw.title ?? '') || 'Untitled',
      slug: String(raw.slug ?? ''),
      html: withSite(String(raw.html ?? '')),
      status: published ? 'published' : 'draft',
      publishedAt: published ? isoOrNull(raw.published_at) : null,
      createdAt: isoOrNull(raw.created_at) ?? new Date(0).toISOString(),
      tags: tagsOf.get(raw.id) ?? [],
      featureImage: raw.feature_image ? { url: withSite(raw.feature_image), alt: alts.get(raw.id) ?? '' } : null,
      oldPaths: published && raw.slug ? [`/${raw.slug}`] : [],
    };
    if (published) summary.posts++;
    else summary.drafts++;
    post.tags.forEach((tag) => used.add(tag));
    codesLeftAsText(post.html).forEach((code) => summary.leftAsText.push({ post: post.title, code }));
    imageAddresses(post).forEach((address) => images.add(address));
    await onPost(post);
  }
  summary.tags = [...used];
  summary.images = images.size;
  return summary;
}

function ghostData(parsed: unknown): GhostData {
  const root = parsed as { db?: { data?: GhostData }[]; data?: GhostData } | null;
  const data = (Array.isArray(root?.db) ? root.db[0]?.data : root?.data) ?? undefined;
  if (!data || typeof data !== 'object' || !Array.isArray(data.posts)) throw new ExportError('This JSON is not a Ghost export: it has no db[0].data.posts.');
  return data;
}

function isoOrNull(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const time = Date.parse(value);
  return Number.isFinite(time) ? new Date(time).toISOString() : null;
}

import type { Kysely } from 'kysely';
import type { CaseStudyInput } from '../../shared/contract/case-studies';
import { slugFromTitle } from '../../shared/text/slug';
import type { CaseStudyRow, Schema } from '../db/schema';
import { HttpError } from '../http/errors';
import type { CaseStudyValues } from './case-study-repository';

const UPLOAD = /^\/uploads\/([0-9a-f]{32})\.webp$/;

/**
 * The row's values for what the owner sent: the slug made from the title when none is given, the
 * cover's size from the upload's record. A cover is an upload of this site, or the one the case
 * study already has (the seeded ones are images of the site itself).
 */
export async function valuesFor(db: Kysely<Schema>, input: CaseStudyInput, current?: CaseStudyRow): Promise<CaseStudyValues> {
  const cover = await coverOf(db, input.cover.url, current);
  return {
    slug: input.slug ?? slugFromTitle(input.title),
    title: input.title.trim(),
    client: input.client.trim(),
    sector: input.sector.trim(),
    summary: input.summary.trim(),
    text: input.text,
    cover_url: input.cover.url,
    cover_alt: input.cover.alt.trim(),
    cover_width: cover.width,
    cover_height: cover.height,
    live_url: input.liveUrl ?? null,
    results: JSON.stringify(input.results.map(({ label, value }) => ({ label: label.trim(), value: value.trim() }))),
    status: input.status,
  };
}

async function coverOf(db: Kysely<Schema>, url: string, current?: CaseStudyRow): Promise<{ width: number; height: number }> {
  if (current && url === current.cover_url) return { width: current.cover_width, height: current.cover_height };
  const key = UPLOAD.exec(url)?.[1];
  const size = key && (await db.selectFrom('image_sizes').select(['width', 'height']).where('image_key', '=', key).executeTakeFirst());
  if (!size) throw new HttpError(400, 'Cover: upload the image first (POST /api/images) and send the address it answered.');
  return size;
}

/** Blank after trimming is as good as missing: the schema's minLength counts spaces. */
export function blankField(input: CaseStudyInput): string | undefined {
  const required: [string, string][] = [
    ['Title', input.title],
    ['Client', input.client],
    ['Sector', input.sector],
    ['Summary', input.summary],
    ['Cover alt', input.cover.alt],
  ];
  return required.find(([, value]) => value.trim() === '')?.[0];
}

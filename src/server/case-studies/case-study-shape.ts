import type { CaseStudy, CaseStudyCard, CaseStudyResult } from '../../shared/contract/case-studies';
import type { CaseStudyRow } from '../db/schema';

/** An upload's largest version, whose 400 and 800 px versions sit beside it. */
const UPLOAD = /^(\/uploads\/[0-9a-f]{32})\.webp$/;
/** The site's own screenshots: 400 and 800 px versions (scripts/make-images.mjs). */
const SITE_SCREENSHOT = /^(\/images\/[a-z0-9-]+)-800\.webp$/;

/** `srcset` of a cover, for an address that follows one of the two naming rules. */
function coverSrcSet(url: string, width: number): string | undefined {
  const upload = UPLOAD.exec(url);
  if (upload) return `${upload[1]}-400.webp 400w, ${upload[1]}-800.webp 800w, ${url} ${Math.max(width, 801)}w`;
  const screenshot = SITE_SCREENSHOT.exec(url);
  if (screenshot) return `${screenshot[1]}-400.webp 400w, ${url} 800w`;
  return undefined;
}

function resultsOf(row: Pick<CaseStudyRow, 'results'>): CaseStudyResult[] {
  const parsed: unknown = JSON.parse(row.results);
  return Array.isArray(parsed)
    ? parsed.filter((item): item is CaseStudyResult => typeof item === 'object' && item !== null && typeof item.label === 'string' && typeof item.value === 'string')
    : [];
}

export function toCard(row: CaseStudyRow): CaseStudyCard {
  const srcSet = coverSrcSet(row.cover_url, row.cover_width);
  return {
    id: row.id,
    slug: row.slug,
    title: row.title,
    client: row.client,
    sector: row.sector,
    summary: row.summary,
    cover: { url: row.cover_url, ...(srcSet ? { srcSet } : {}), width: row.cover_width, height: row.cover_height, alt: row.cover_alt },
    liveUrl: row.live_url,
    results: resultsOf(row),
    status: row.status,
    publishedAt: row.published_at,
    createdAt: row.created_at,
    updatedAt: row.updated_at,
  };
}

export function toCaseStudy(row: CaseStudyRow, html?: string): CaseStudy {
  return { ...toCard(row), text: row.text, ...(html === undefined ? {} : { html }) };
}

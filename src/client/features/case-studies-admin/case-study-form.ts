import type { CaseStudy, CaseStudyInput, CaseStudyResult } from '../../../shared/contract/case-studies';

/** What the editor's fields hold: text everywhere, as the inputs keep it. */
export interface CaseStudyFields {
  title: string;
  slug: string;
  client: string;
  sector: string;
  summary: string;
  text: string;
  coverUrl: string;
  coverAlt: string;
  liveUrl: string;
  results: CaseStudyResult[];
  status: CaseStudyInput['status'];
}

export const NEW_CASE_STUDY: CaseStudyFields = {
  title: '',
  slug: '',
  client: '',
  sector: '',
  summary: '',
  text: '',
  coverUrl: '',
  coverAlt: '',
  liveUrl: '',
  results: [],
  status: 'draft',
};

export function fieldsOf(study: CaseStudy): CaseStudyFields {
  return {
    title: study.title,
    slug: study.slug,
    client: study.client,
    sector: study.sector,
    summary: study.summary,
    text: study.text,
    coverUrl: study.cover.url,
    coverAlt: study.cover.alt,
    liveUrl: study.liveUrl ?? '',
    results: study.results,
    status: study.status,
  };
}

/** The API's body: a blank slug is made from the title, a blank live site is none, empty result rows are left out. */
export function inputOf(fields: CaseStudyFields): CaseStudyInput {
  const slug = fields.slug.trim();
  const liveUrl = fields.liveUrl.trim();
  return {
    title: fields.title,
    ...(slug ? { slug } : {}),
    client: fields.client,
    sector: fields.sector,
    summary: fields.summary,
    text: fields.text,
    cover: { url: fields.coverUrl, alt: fields.coverAlt },
    liveUrl: liveUrl || null,
    results: fields.results.filter((result) => result.label.trim() || result.value.trim()),
    status: fields.status,
  };
}

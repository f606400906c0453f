import { MAX_RESULTS } from '../../shared/case-studies';

/** What each field of a case study takes, in the words of the admin page's labels. */
const FIELD_MESSAGES: Record<string, string> = {
  title: 'Title: 1 to 120 characters on one line.',
  slug: 'Slug: lower-case letters, digits and single hyphens, at most 80 characters.',
  client: 'Client: 1 to 120 characters on one line.',
  sector: 'Sector: 1 to 60 characters on one line.',
  summary: 'Summary: 1 to 300 characters on one line.',
  text: 'Text: markdown of at most 100,000 characters.',
  cover: 'Cover: an uploaded image with its alt text.',
  'cover/url': 'Cover: an uploaded image with its alt text.',
  'cover/alt': 'Cover alt: 1 to 250 characters saying what the image shows.',
  liveUrl: 'Live site: an https:// address, or none.',
  results: `Results: at most ${MAX_RESULTS}, each a label (up to 60 characters) and a value (up to 40).`,
  status: 'Status: draft or published.',
  slots: 'Slots: four entries, each the id of a case study or null.',
};

interface SchemaError {
  instancePath: string;
  params?: { missingProperty?: string };
}

/** A refused body's first problem, named by its field: fields are written by hand, and ajv's words are a schema's. */
export function inputError(errors: readonly SchemaError[]): Error {
  const first = errors[0];
  const path = first?.instancePath.replace(/^\//, '') ?? '';
  const missing = first?.params?.missingProperty;
  const field = [path, missing].filter(Boolean).join('/');
  const key = field.startsWith('results') ? 'results' : field.startsWith('slots') ? 'slots' : field;
  return new Error(FIELD_MESSAGES[key] ?? 'Send the case study as JSON with its title, client, sector, summary, text, cover, results and status.');
}

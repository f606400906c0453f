import { parse } from 'csv-parse/sync';
import { emailProblem } from '../accounts/email-address';

/** The most rows one file may hold: a list larger than this is imported in parts. */
const IMPORT_MAX_ROWS = 20_000;
/** The most bad rows an answer lists; the message says how many there are. */
const ERRORS_LISTED = 100;

interface ImportRow {
  email: string;
  consent: boolean;
}

export type ImportCheck = { ok: true; rows: ImportRow[] } | { ok: false; message: string; errors: { line: number; message: string }[] };

const refuse = (message: string, errors: { line: number; message: string }[] = []): ImportCheck => ({ ok: false, message, errors });

/**
 * A CSV of subscribers (RFC 4180, a header row naming `email` and optionally `consent`, as the
 * export writes it, or as a spreadsheet saves it), checked whole before anything is written:
 * every bad row is reported by its line, and a file with one is refused entirely.
 */
export function checkImport(text: string): ImportCheck {
  let records: string[][];
  try {
    records = parse(text, { bom: true, skip_empty_lines: true, relax_column_count: true, trim: true, info: false });
  } catch (error) {
    const line = (error as { lines?: number }).lines;
    return refuse(`The file is not valid CSV${line ? ` (line ${line})` : ''}: ${error instanceof Error ? error.message.replace(/^Invalid Record Length: |^Invalid /, '') : 'unreadable'}.`);
  }
  const [header, ...body] = records;
  if (!header) return refuse('The file is empty: it needs a header row with an email column.');
  const columns = header.map((name) => name.toLowerCase());
  const emailAt = columns.indexOf('email');
  const consentAt = columns.indexOf('consent');
  if (emailAt < 0) return refuse('The header row needs a column named email (and optionally consent).');
  if (body.length === 0) return refuse('The file has no rows below its header.');
  if (body.length > IMPORT_MAX_ROWS) return refuse(`The file has ${body.length.toLocaleString('en-US')} rows; import at most ${IMPORT_MAX_ROWS.toLocaleString('en-US')} at a time.`);

  const rows = new Map<string, ImportRow>();
  const errors: { line: number; message: string }[] = [];
  body.forEach((record, index) => {
    // Line numbers as a spreadsheet shows them: the header is line 1 (quoted line breaks aside).
    const line = index + 2;
    const email = (record[emailAt] ?? '').toLowerCase();
    const problem = emailProblem(email);
    if (problem) {
      errors.push({ line, message: email === '' ? 'Email is missing.' : `"${email.slice(0, 80)}" is not a valid email address.` });
      return;
    }
    const consent = consentAt >= 0 && (record[consentAt] ?? '').toLowerCase() === 'yes';
    // The same address twice: consent on either line counts.
    rows.set(email, { email, consent: consent || (rows.get(email)?.consent ?? false) });
  });
  if (errors.length > 0) {
    const count = errors.length;
    return refuse(`${count} ${count === 1 ? 'row is' : 'rows are'} not valid; nothing was imported.`, errors.slice(0, ERRORS_LISTED));
  }
  return { ok: true, rows: [...rows.values()] };
}

import { CONTACT_FIELDS, CONTACT_LIMITS, type ContactErrors, type ContactValues } from '../../shared/contact';
import { emailProblem } from '../accounts/email-address';

const LABELS = { name: 'Name', email: 'Email', message: 'Message' } as const;
/** Control characters other than tab and line breaks; a name must not hold line breaks either (it goes into a mail header). */
const CONTROL = /(?![\t\r\n])\p{Cc}/u;
const LINE_BREAK = /[\r\n]/;

export interface CheckedFields {
  values: ContactValues;
  errors: ContactErrors;
}

/**
 * The visitor's three fields (decisions: name ≤ 100, e-mail ≤ 254 and valid, message 1 to
 * 5,000 characters), trimmed, each with what is wrong with it. Lengths count characters, not
 * UTF-16 units, as a person counts them.
 */
export function checkContactFields(body: Record<string, unknown>): CheckedFields {
  const values = { name: '', email: '', message: '' } as ContactValues;
  const errors: ContactErrors = {};
  for (const field of CONTACT_FIELDS) {
    const raw = body[field];
    const label = LABELS[field];
    if (raw !== undefined && raw !== null && typeof raw !== 'string') {
      errors[field] = `${label} must be text.`;
      continue;
    }
    const value = (raw ?? '').trim();
    values[field] = value;
    const length = [...value].length;
    if (value === '') errors[field] = `${label} is required.`;
    else if (length > CONTACT_LIMITS[field]) errors[field] = `${label} must be at most ${CONTACT_LIMITS[field].toLocaleString('en-US')} characters.`;
    else if (CONTROL.test(value) || (field !== 'message' && LINE_BREAK.test(value))) errors[field] = `${label} contains characters that are not allowed.`;
  }
  if (!errors.email) {
    const problem = emailProblem(values.email);
    if (problem) errors.email = problem;
  }
  return { values, errors };
}

/** The first problem, for a JSON answer's `message`. */
export function firstError(errors: ContactErrors): string | undefined {
  return CONTACT_FIELDS.map((field) => errors[field]).find(Boolean);
}

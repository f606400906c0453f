import type { FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors';
import { MAX_IMAGE_BYTES, UNSUPPORTED_IMAGE_MESSAGE } from '../storage/process-image';
import { isSlug, SLUG_MAX_LENGTH } from '../../shared/text/slug';
import { parseTagList, tagsProblem } from '../../shared/text/tags';
import { normalizeShareField, shareFieldProblem, type ShareField } from '../../shared/text/share-fields';
import type { PublicationRequest } from './publication';

export const MAX_TITLE_LENGTH = 200;
/** Characters of markdown; the multipart field limit (in bytes) sits above it. */
export const MAX_BODY_LENGTH = 200_000;
const MAX_FIELD_BYTES = 1024 * 1024;

/** Limits handed to the multipart parser: one image, a handful of small fields. */
export const MULTIPART_LIMITS = {
  fileSize: MAX_IMAGE_BYTES,
  // Two, so that a second image is refused by our own check with a clear message.
  files: 2,
  fields: 20,
  parts: 24,
  fieldSize: MAX_FIELD_BYTES,
  fieldNameSize: 100,
  headerPairs: 50,
};

export interface PostForm extends PublicationRequest {
  title: string;
  body: string;
  image: Buffer | null;
  /** Undefined when the form has no tags field (a client older than tags): they stay as they are. */
  tags?: string[];
  /** Undefined when the form has no such field: the post keeps what it has. */
  description?: string;
  imageAlt?: string;
  /** The address the owner chose (updates only); undefined leaves it to the title's rules. */
  slug?: string;
}

/** Optional text fields besides title and body, each sent at most once. */
const OPTIONAL_FIELDS = ['status', 'publishAt', 'tags', 'description', 'imageAlt', 'slug'] as const;

const CONTROL_CHARACTERS = /\p{Cc}/u;
const NUL = /\0/;

/** Messages for the multipart parser's own errors, which would otherwise read "reach parts limit". */
const PARSER_ERRORS: Record<string, [number, string]> = {
  FST_REQ_FILE_TOO_LARGE: [413, `The image is larger than ${MAX_IMAGE_BYTES / 1024 / 1024} MB.`],
  FST_FILES_LIMIT: [400, 'Send at most one image.'],
  FST_PARTS_LIMIT: [400, 'The form has too many fields.'],
  FST_FIELDS_LIMIT: [400, 'The form has too many fields.'],
  FST_PROTO_VIOLATION: [400, 'The form has a field name that is not allowed.'],
  FST_INVALID_MULTIPART_CONTENT_TYPE: [415, notMultipart()],
  FST_INVALID_JSON_FIELD_ERROR: [400, 'A form field declared as JSON is not valid JSON.'],
  FST_MP_PREMATURE_CLOSE: [400, 'The request ended before the form was complete.'],
};

function notMultipart(): string {
  return 'Send the post as multipart/form-data with title, body and an optional image.';
}

/**
 * Reads the create and update form (title, body, an optional image file, and optional status
 * and publishAt) and checks its text. Whatever the client sends, the outcome is a form or an HttpError in the 4xx range.
 */
export async function readPostForm(request: FastifyRequest): Promise<PostForm> {
  if (!request.isMultipart()) throw new HttpError(415, notMultipart());
  const fields = new Map<string, string>();
  let image: Buffer | null = null;
  try {
    for await (const part of request.parts()) {
      if (part.type === 'file') {
        // The file must be read to the end whatever happens, or the parser stalls.
        const data = await part.toBuffer();
        if (part.fieldname !== 'image') throw new HttpError(400, `Unexpected file in field "${part.fieldname}"; only image takes a file.`);
        // A form whose file input was left empty sends a nameless, empty part.
        if (data.length === 0 && !part.filename) continue;
        if (image) throw new HttpError(400, 'Send at most one image.');
        if (data.length === 0) throw new HttpError(415, `The image is empty. ${UNSUPPORTED_IMAGE_MESSAGE}`);
        image = data;
      } else {
        if (part.valueTruncated) throw new HttpError(413, `The ${part.fieldname} field is too long.`);
        const value = typeof part.value === 'string' ? part.value : String(part.value ?? '');
        if (part.fieldname === 'title' || part.fieldname === 'body' || (OPTIONAL_FIELDS as readonly string[]).includes(part.fieldname)) {
          if (fields.has(part.fieldname)) throw new HttpError(400, `Send ${part.fieldname} once.`);
          fields.set(part.fieldname, value);
        }
        // Other text fields (a client's "image" left as text, extra fields) carry nothing we store.
      }
    }
  } catch (error) {
    throw asClientError(error);
  }
  const publication = Object.fromEntries((['status', 'publishAt'] as const).filter((name) => fields.has(name)).map((name) => [name, fields.get(name)!]));
  const tags = fields.get('tags');
  return {
    ...checkText(fields.get('title'), fields.get('body')),
    ...publication,
    ...(tags !== undefined ? { tags: checkTags(tags) } : {}),
    ...checkShareField('description', fields.get('description')),
    ...checkShareField('imageAlt', fields.get('imageAlt')),
    ...checkSlug(fields.get('slug')),
    image,
  };
}

/** An optional search or share field, normalised, or a 400 naming it (over a limit is refused, not cut). */
function checkShareField(field: ShareField, raw: string | undefined): Partial<Record<ShareField, string>> {
  if (raw === undefined) return {};
  const text = normalizeShareField(raw);
  const problem = shareFieldProblem(field, text);
  if (problem) throw new HttpError(400, problem);
  return { [field]: text };
}

/** The slug the owner typed (trimmed, lower-cased), or a 400 saying what an address may hold. */
function checkSlug(raw: string | undefined): { slug?: string } {
  if (raw === undefined) return {};
  const slug = raw.trim().toLowerCase();
  if (!isSlug(slug) || slug.length > SLUG_MAX_LENGTH) throw new HttpError(400, `Address: use lower-case letters, digits and single hyphens between them, at most ${SLUG_MAX_LENGTH} characters.`);
  return { slug };
}

/** The comma-separated `tags` field as names, or a 400 naming the field. */
function checkTags(field: string): string[] {
  const names = parseTagList(field);
  const problem = tagsProblem(names);
  if (problem) throw new HttpError(400, problem);
  return names;
}

function checkText(rawTitle: string | undefined, body: string | undefined): { title: string; body: string } {
  const title = (rawTitle ?? '').replace(/\s+/g, ' ').trim();
  if (!title) throw new HttpError(400, 'Title is required.');
  if (title.length > MAX_TITLE_LENGTH) throw new HttpError(400, `Title must be at most ${MAX_TITLE_LENGTH} characters.`);
  if (CONTROL_CHARACTERS.test(title)) throw new HttpError(400, 'Title must not contain control characters.');
  if (!body || !body.trim()) throw new HttpError(400, 'Body is required.');
  if (body.length > MAX_BODY_LENGTH) throw new HttpError(413, `Body must be at most ${MAX_BODY_LENGTH.toLocaleString('en-US')} characters.`);
  if (NUL.test(body)) throw new HttpError(400, 'Body must not contain NUL characters.');
  // Browsers send text fields with CRLF line ends (HTML form encoding); store plain LF.
  return { title, body: body.replace(/\r\n?/g, '\n') };
}

export function asClientError(error: unknown): HttpError {
  if (error instanceof HttpError) return error;
  const code = (error as { code?: unknown } | null)?.code;
  const known = typeof code === 'string' ? PARSER_ERRORS[code] : undefined;
  if (known) return new HttpError(known[0], known[1]);
  // Busboy's own complaints: missing boundary, malformed headers, truncated parts.
  const detail = error instanceof Error && error.message ? ` (${error.message})` : '';
  return new HttpError(400, `The form data could not be read${detail}.`);
}

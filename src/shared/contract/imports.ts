import { Type, type Static } from 'typebox';
import { nullable, stringEnum } from './common';

const IMPORT_STATES = ['ready', 'running', 'done', 'failed'] as const;

const importSummarySchema = Type.Object({
  source: stringEnum(['wordpress', 'ghost'] as const),
  siteUrl: nullable(Type.String(), { description: 'The old site’s address, as the export or the owner gave it.' }),
  posts: Type.Integer({ description: 'Published posts.' }),
  drafts: Type.Integer(),
  tags: Type.Array(Type.String()),
  images: Type.Integer({ description: 'Distinct images named by the posts and as featured images.' }),
  skipped: Type.Object({ pages: Type.Integer(), comments: Type.Integer(), authors: Type.Integer() }, { description: 'What the export holds that is not imported.' }),
  leftAsText: Type.Array(Type.Object({ post: Type.String(), code: Type.String() }), { description: 'Shortcodes and blocks kept as readable text, with the post each is in.' }),
});

export const importJobSchema = Type.Object({
  _id: Type.String(),
  state: stringEnum(IMPORT_STATES, { description: '`ready`: the dry run is done and nothing is imported yet.' }),
  summary: importSummarySchema,
  total: Type.Integer({ description: 'Posts and drafts to go through.' }),
  done: Type.Integer(),
  imported: Type.Array(Type.Object({ title: Type.String(), slug: Type.String() })),
  existing: Type.Integer({ description: 'Posts already imported by an earlier run: left as they are.' }),
  failures: Type.Array(Type.Object({ post: Type.String(), message: Type.String() }), { description: 'Posts not imported, and why; nothing of them is kept.' }),
  error: nullable(Type.String()),
});

export const importParamsSchema = Type.Object({ id: Type.String({ maxLength: 100 }) });

/** The upload, read part by part by the handler: described for the document. */
export const importFormSchema = Type.Object({
  export: Type.String({ format: 'binary', description: 'The WordPress export (WXR, .xml) or the Ghost export (.json).' }),
  archive: Type.Optional(Type.String({ format: 'binary', description: 'A zip of the uploads folder (wp-content/uploads or content/images).' })),
  siteUrl: Type.Optional(Type.String({ description: 'The old site’s address, for images named by a path or by __GHOST_URL__.' })),
});

export type ImportJob = Static<typeof importJobSchema>;

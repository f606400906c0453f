import { z } from 'zod';
import { SERVED_NAME } from '../storage/image-storage';

/**
 * A backup is one gzipped tar archive:
 *
 *   data/<table>.jsonl   one line naming the columns and their kinds, then one JSON array per row
 *   images/<name>.webp   every stored image file
 *   secrets/<file>       the secrets key (always) and the token-signing key (only when asked)
 *   manifest.json        last, so that a reader has checked every byte before it trusts one
 */
export const FORMAT = 'larkspur-site-backup';
export const FORMAT_VERSION = 1;
export const MANIFEST = 'manifest.json';
/** A manifest is small (names, counts, digests); a larger one is not ours. */
export const MANIFEST_LIMIT = 32 * 1024 * 1024;

export const SECRETS_KEY_ENTRY = 'secrets/secrets-key';
export const SIGNING_KEY_ENTRY = 'secrets/jwt-secret';

const TABLE_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

export const dataEntry = (table: string) => `data/${table}.jsonl`;
export const imageEntry = (name: string) => `images/${name}`;

/** What an entry of the archive is, by its name; undefined for a name no backup of ours writes. */
export function entryKind(name: string): { kind: 'data'; table: string } | { kind: 'image'; name: string } | { kind: 'secret' } | { kind: 'manifest' } | undefined {
  const data = /^data\/([^/]+)\.jsonl$/.exec(name);
  if (data && TABLE_NAME.test(data[1]!)) return { kind: 'data', table: data[1]! };
  const image = /^images\/([^/]+)$/.exec(name);
  if (image && SERVED_NAME.test(image[1]!)) return { kind: 'image', name: image[1]! };
  if (name === SECRETS_KEY_ENTRY || name === SIGNING_KEY_ENTRY) return { kind: 'secret' };
  if (name === MANIFEST) return { kind: 'manifest' };
  return undefined;
}

const columnKind = z.enum(['text', 'integer', 'real', 'boolean', 'bytes', 'json', 'timestamp']);

export const columnsLine = z.object({ columns: z.array(z.object({ name: z.string().regex(TABLE_NAME), kind: columnKind })).min(1) });

export const manifestSchema = z.object({
  format: z.literal(FORMAT),
  formatVersion: z.literal(FORMAT_VERSION),
  /** The site's version (package.json) that wrote it. */
  version: z.string(),
  createdAt: z.iso.datetime(),
  engine: z.enum(['sqlite', 'postgres']),
  /** The migrations the data was written under, in order. */
  migrations: z.array(z.string()),
  tables: z.array(z.object({ name: z.string().regex(TABLE_NAME), rows: z.number().int().nonnegative() })),
  images: z.number().int().nonnegative(),
  signingKey: z.boolean(),
  /** SHA-256 (hex) of every other entry, by name. */
  files: z.record(z.string(), z.object({ size: z.number().int().nonnegative(), sha256: z.string().regex(/^[0-9a-f]{64}$/) })),
});

export type Manifest = z.infer<typeof manifestSchema>;

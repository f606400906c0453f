import type { Engine } from '../db/database';
import type { ColumnKind } from './table-catalog';

/** A value as the archive keeps it: JSON, the same whichever engine wrote it. */
export type ArchivedValue = string | number | boolean | null;

/**
 * From a row as the source engine's driver gives it to the archive's form: PostgreSQL's Dates
 * and bigint strings, SQLite's 0/1 booleans and Buffers become one neutral form, so that any
 * archive restores into either engine.
 */
export function encodeValue(value: unknown, kind: ColumnKind): ArchivedValue {
  if (value === null || value === undefined) return null;
  if (Buffer.isBuffer(value) || value instanceof Uint8Array) return Buffer.from(value).toString('base64');
  if (value instanceof Date) return value.toISOString();
  if (typeof value === 'bigint') return Number.isSafeInteger(Number(value)) ? Number(value) : value.toString();
  if (kind === 'boolean') return value === true || value === 1 || value === '1' || value === 't' || value === 'true';
  if (kind === 'integer' && typeof value === 'string' && Number.isSafeInteger(Number(value))) return Number(value);
  if (kind === 'json' && typeof value === 'object') return JSON.stringify(value);
  if (typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean') return value;
  return JSON.stringify(value);
}

/** From the archive's form to what the target engine's driver takes for a column of `target` kind. */
export function decodeValue(value: ArchivedValue, source: ColumnKind, target: ColumnKind, engine: Engine): unknown {
  if (value === null) return null;
  if (source === 'bytes' && typeof value === 'string') return target === 'bytes' ? Buffer.from(value, 'base64') : value;
  switch (target) {
    case 'boolean': {
      const truth = value === true || value === 1 || value === '1' || value === 'true' || value === 't';
      return engine === 'sqlite' ? Number(truth) : truth;
    }
    case 'integer':
      if (typeof value === 'boolean') return Number(value);
      if (typeof value === 'string' && !Number.isSafeInteger(Number(value))) return engine === 'sqlite' ? BigInt(value) : value;
      return Number(value);
    case 'real':
      return Number(value);
    case 'bytes':
      return typeof value === 'string' ? Buffer.from(value, 'utf8') : Buffer.from(String(value));
    default:
      // SQLite keeps booleans as 0/1 and times as text: a text column takes the value as text.
      return typeof value === 'string' ? value : engine === 'sqlite' && typeof value === 'boolean' ? Number(value) : String(value);
  }
}

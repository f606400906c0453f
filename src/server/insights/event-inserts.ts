import { CompiledQuery, type Insertable, type Kysely } from 'kysely';
import type { InsightEventsTable, Schema } from '../db/schema';

type InsightEventRow = Insertable<InsightEventsTable>;

const COLUMNS = ['day', 'at', 'kind', 'path', 'page_type', 'referrer', 'utm_source', 'device', 'visitor', 'lcp', 'inp', 'cls'] as const satisfies ReadonlyArray<keyof InsightEventRow>;
/** A row with every column, from which Kysely writes the statement's text. */
const SHAPE = Object.fromEntries(COLUMNS.map((column) => [column, ''])) as unknown as InsightEventRow;

/**
 * The INSERT of a slice of events. Kysely's builder walks a tree of every value of every row on
 * each statement, a third of what writing an event cost; here it writes the text once per number
 * of rows (in the engine's own placeholders), and each slice only lines its values up behind it.
 */
export class EventInserts {
  private readonly texts = new Map<number, string>();

  constructor(private readonly db: Kysely<Schema>) {}

  of(rows: readonly InsightEventRow[]): CompiledQuery {
    let text = this.texts.get(rows.length);
    if (text === undefined) {
      text = this.db.insertInto('insight_events').values(rows.map(() => SHAPE)).compile().sql;
      this.texts.set(rows.length, text);
    }
    const parameters: unknown[] = new Array(rows.length * COLUMNS.length);
    let at = 0;
    for (const row of rows) for (const column of COLUMNS) parameters[at++] = row[column] ?? null;
    return CompiledQuery.raw(text, parameters);
  }
}

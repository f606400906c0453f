import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/database';
import type { Schema } from '../db/schema';
import { columnsLine } from './archive-format';
import { ArchiveError } from './read-archive';
import type { Column, Table } from './table-catalog';
import { decodeValue, type ArchivedValue } from './value-codec';

/** Under SQLite's 32,766 bound parameters per statement (PostgreSQL's is 65,535). */
const MAX_PARAMETERS = 30_000;
const MAX_BATCH_ROWS = 500;

/**
 * Loads one table's archived lines (the columns line, then one JSON array per row) into the
 * same table of the target database, in batches inside one transaction, converting each value
 * for the target column's kind. Answers the number of rows.
 */
export async function loadTable(database: Database, target: Table, lines: AsyncIterable<string>, identity: boolean): Promise<number> {
  return database.db.transaction().execute(async (trx) => {
    let columns: { source: Column; target: Column }[] | undefined;
    let batch: unknown[][] = [];
    let rows = 0;
    let batchRows = MAX_BATCH_ROWS;
    const flush = async () => {
      if (batch.length === 0) return;
      await insert(trx, target.name, columns!.map((column) => column.target.name), batch, identity && database.engine === 'postgres');
      rows += batch.length;
      batch = [];
    };
    for await (const line of lines) {
      if (line === '') continue;
      const json = parseLine(target.name, line);
      if (!columns) {
        columns = matchColumns(target, json);
        batchRows = Math.max(1, Math.min(MAX_BATCH_ROWS, Math.floor(MAX_PARAMETERS / columns.length)));
        continue;
      }
      if (!Array.isArray(json) || json.length !== columns.length) throw new ArchiveError(`A row of ${target.name} does not have the table's ${columns.length} columns.`);
      batch.push(columns.map((column, index) => decodeValue(json[index] as ArchivedValue, column.source.kind, column.target.kind, database.engine)));
      if (batch.length >= batchRows) await flush();
    }
    await flush();
    return rows;
  });
}

function parseLine(table: string, line: string): unknown {
  try {
    return JSON.parse(line);
  } catch {
    throw new ArchiveError(`The data of ${table} is not readable.`);
  }
}

/** Each archived column with the target's: a column the target lacks is an archive of another site's making. */
function matchColumns(target: Table, json: unknown): { source: Column; target: Column }[] {
  const parsed = columnsLine.safeParse(json);
  if (!parsed.success) throw new ArchiveError(`The data of ${target.name} does not begin with its columns.`);
  return parsed.data.columns.map((source) => {
    const column = target.columns.find((candidate) => candidate.name === source.name);
    if (!column) throw new ArchiveError(`The archive's ${target.name} has a column ${source.name} that this version's database does not.`);
    return { source, target: column };
  });
}

async function insert(trx: Kysely<Schema>, table: string, columns: string[], rows: unknown[][], overriding: boolean): Promise<void> {
  await sql`INSERT INTO ${sql.table(table)} (${sql.join(columns.map((column) => sql.ref(column)))})
    ${overriding ? sql`OVERRIDING SYSTEM VALUE` : sql``}
    VALUES ${sql.join(rows.map((row) => sql`(${sql.join(row)})`))}`.execute(trx);
}

/** Lines of a text stream, without holding more than the line being read. */
export async function* linesOf(chunks: AsyncIterable<Buffer>): AsyncIterable<string> {
  const decoder = new TextDecoder();
  let rest = '';
  for await (const chunk of chunks) {
    const lines = (rest + decoder.decode(chunk, { stream: true })).split('\n');
    rest = lines.pop()!;
    yield* lines;
  }
  rest += decoder.decode();
  if (rest !== '') yield rest;
}

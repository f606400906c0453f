import path from 'node:path';
import { Worker } from 'node:worker_threads';
import type { CompiledQuery } from 'kysely';
import type { Database } from '../db/database';
import { SQLITE_FILE } from '../db/database';

/** Runs a compiled read-only query and answers its rows. */
export type ReadQuery = <Row>(query: CompiledQuery<Row>) => Promise<Row[]>;

/**
 * The worker's whole program: a read-only connection of its own to the site's SQLite file (WAL
 * lets it read while the server writes), one statement at a time. It is source text rather than
 * a module so that it needs no build entry of its own; better-sqlite3 is found from the server's
 * own script.
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const SQLite = require('node:module').createRequire(workerData.requireFrom)('better-sqlite3');
const db = new SQLite(workerData.file, { readonly: true, fileMustExist: true });
db.pragma('busy_timeout = 5000');
const statements = new Map();
parentPort.on('message', ({ id, sql, parameters }) => {
  try {
    let statement = statements.get(sql);
    if (!statement) {
      statement = db.prepare(sql);
      if (statements.size < 200) statements.set(sql, statement);
    }
    parentPort.postMessage({ id, rows: statement.all(...parameters) });
  } catch (error) {
    parentPort.postMessage({ id, error: String(error && error.message || error) });
  }
});
`;

interface Pending {
  resolve: (rows: unknown[]) => void;
  reject: (error: Error) => void;
}

/**
 * SQLite answers on the thread that asks, and better-sqlite3 asks synchronously: an aggregate over
 * a million events would hold every other request (and `/healthz`) for its whole second. The
 * insights' aggregates run here instead, on a worker thread. The worker starts on the first query
 * and is replaced if it dies.
 */
class SqliteReadThread {
  private worker: Worker | undefined;
  private readonly pending = new Map<number, Pending>();
  private nextId = 0;

  constructor(private readonly file: string) {}

  run<Row>(query: CompiledQuery<Row>): Promise<Row[]> {
    const worker = this.worker ?? this.start();
    const id = this.nextId++;
    return new Promise<Row[]>((resolve, reject) => {
      this.pending.set(id, { resolve: resolve as (rows: unknown[]) => void, reject });
      // Values the driver would bind (numbers, strings, null) travel as they are.
      worker.postMessage({ id, sql: query.sql, parameters: query.parameters });
    });
  }

  async close(): Promise<void> {
    const worker = this.worker;
    this.worker = undefined;
    if (worker) await worker.terminate();
  }

  private start(): Worker {
    const requireFrom = process.argv[1] ? path.resolve(process.argv[1]) : path.join(process.cwd(), 'index.js');
    const worker = new Worker(WORKER_SOURCE, { eval: true, workerData: { file: this.file, requireFrom } });
    worker.unref();
    worker.on('message', ({ id, rows, error }: { id: number; rows?: unknown[]; error?: string }) => {
      const waiting = this.pending.get(id);
      this.pending.delete(id);
      if (error !== undefined) waiting?.reject(new Error(error));
      else waiting?.resolve(rows ?? []);
    });
    const fail = (error: Error) => {
      if (this.worker === worker) this.worker = undefined;
      for (const waiting of this.pending.values()) waiting.reject(error);
      this.pending.clear();
    };
    worker.on('error', fail);
    worker.on('exit', (code) => fail(new Error(`the insights reader stopped (${code})`)));
    this.worker = worker;
    return worker;
  }
}

/**
 * Where the insights' aggregates run: on SQLite, a worker thread with its own read-only
 * connection; on PostgreSQL, the pool as usual (its queries never hold this thread).
 */
export function offThreadReads(database: Database, dataDir: string): { read: ReadQuery; close(): Promise<void> } {
  if (database.engine !== 'sqlite') {
    const { db } = database;
    return { read: async (query) => (await db.executeQuery(query)).rows, close: async () => undefined };
  }
  const thread = new SqliteReadThread(path.join(dataDir, SQLITE_FILE));
  return { read: (query) => thread.run(query), close: () => thread.close() };
}

import type pg from 'pg';

/** What the pool reports to when it loses a connection; the server's logger in practice. */
export interface ConnectionLossLog {
  warn(details: object, message: string): void;
}

/**
 * A database restart or failover ends every connection at once. pg reports it as an `error`
 * event on each client, and an `error` event without a listener ends the process, which would
 * take down every instance sharing the database at the same moment. Idle clients report to the
 * pool, clients lent to a query report to themselves between two statements: both are heard
 * here, and the pool discards the broken client when it comes back.
 */
export function surviveConnectionLoss(pool: pg.Pool, log: ConnectionLossLog | undefined): void {
  let lastReport = 0;
  const report = (error: Error) => {
    // Ten clients dropping together say one thing; a log line a second is enough.
    const now = Date.now();
    if (now - lastReport < 1000) return;
    lastReport = now;
    log?.warn({ err: error }, 'a database connection was lost; requests answer 503 until it is back');
  };
  pool.on('error', report);
  pool.on('connect', (client) => client.on('error', report));
}

/**
 * PostgreSQL's classes of errors that say the server is away or going away, not that the
 * statement was wrong: 08 connection exception, 57P01 admin shutdown (a terminated backend),
 * 57P02 crash shutdown, 57P03 cannot connect now (starting up or shutting down), 53300 too many
 * connections.
 */
const UNAVAILABLE_SQLSTATE = /^(08...|57P0[123]|53300)$/;
/**
 * The system's own, when the server cannot be reached at all; and SQLite's, when another
 * writer held the file past the busy timeout.
 */
const TRY_LATER_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'ENOTFOUND', 'EAI_AGAIN', 'EPIPE', 'SQLITE_BUSY']);
/** pg's own errors carry no code; these are its words for a connection that is gone or never came. */
const UNAVAILABLE_MESSAGE = /^(Connection terminated|timeout exceeded when trying to connect|Client has encountered a connection error)/;

/** Whether an error means the database cannot answer now (so the request may succeed later). */
export function isDatabaseUnavailable(error: unknown): boolean {
  // Duck-typed, not instanceof: the system's errors may come from another realm (a test runner's).
  for (let cause = error, depth = 0; typeof cause === 'object' && cause !== null && depth < 5; cause = (cause as { cause?: unknown }).cause, depth++) {
    const { code, message, errors } = cause as { code?: unknown; message?: unknown; errors?: unknown };
    if (typeof code === 'string' && (UNAVAILABLE_SQLSTATE.test(code) || TRY_LATER_CODES.has(code))) return true;
    if (typeof message === 'string' && UNAVAILABLE_MESSAGE.test(message)) return true;
    // An AggregateError (a host with several addresses, none answering) holds the reasons.
    if (Array.isArray(errors) && errors.some((inner) => isDatabaseUnavailable(inner))) return true;
  }
  return false;
}

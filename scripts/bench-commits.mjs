// `node scripts/bench-commits.mjs`: what SQLite's synchronous=FULL costs a committed write, against
// NORMAL, on this machine's disk. One 4 kB row per transaction in WAL mode (the database's own
// settings), COMMITS writes (2,000) per run, three interleaved rounds so that load from elsewhere
// falls on both alike. FULL syncs the log at every commit; NORMAL only at checkpoints, so a power
// loss may take the last commits back (a killed process never does).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { percentile } from './lib/measure.mjs';

const COMMITS = Number(process.env.COMMITS ?? 2000);

function run(synchronous) {
  const directory = fs.mkdtempSync(path.join(os.tmpdir(), 'bench-commits-'));
  const db = new SQLite(path.join(directory, 'site.db'));
  try {
    db.pragma('journal_mode = WAL');
    db.pragma(`synchronous = ${synchronous}`);
    db.exec('CREATE TABLE rows (id INTEGER PRIMARY KEY, body TEXT NOT NULL)');
    const insert = db.prepare('INSERT INTO rows (body) VALUES (?)');
    const body = 'x'.repeat(4096);
    const times = [];
    for (let i = 0; i < COMMITS; i++) {
      const started = process.hrtime.bigint();
      insert.run(body);
      times.push(Number(process.hrtime.bigint() - started) / 1e6);
    }
    return times;
  } finally {
    db.close();
    fs.rmSync(directory, { recursive: true, force: true });
  }
}

const ms = (value) => `${value.toFixed(3)} ms`;
for (let round = 1; round <= 3; round++) {
  for (const synchronous of ['NORMAL', 'FULL']) {
    const times = run(synchronous);
    const mean = times.reduce((sum, time) => sum + time, 0) / times.length;
    console.log(`round ${round} ${synchronous.padEnd(6)} per commit: mean ${ms(mean)}, p50 ${ms(percentile(times, 0.5))}, p99 ${ms(percentile(times, 0.99))}`);
  }
}

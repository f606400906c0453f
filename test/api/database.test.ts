import { sql } from 'kysely';
import { openDatabase } from '../../src/server/db/database';
import { engines } from '../support/engines';
import { removeDataDir, testConfig } from '../support/test-config';

describe.each(engines())('database on $name', ({ env }) => {
  it('migrates to the latest schema at start, and again without harm', async () => {
    const config = testConfig(env);
    try {
      for (let run = 0; run < 2; run++) {
        const database = await openDatabase(config);
        const tables = await database.db.introspection.getTables();
        expect(tables.map((table) => table.name)).toEqual(expect.arrayContaining(['users', 'password_resets', 'posts']));
        await database.close();
      }
    } finally {
      removeDataDir(config);
    }
  });

  it('syncs every commit to disk on SQLite, so a power loss loses no acknowledged write', async () => {
    const config = testConfig(env);
    const database = await openDatabase(config);
    try {
      if (database.engine !== 'sqlite') return; // PostgreSQL's fsync is the server's own setting.
      const { rows } = await sql<{ synchronous: number }>`PRAGMA synchronous`.execute(database.db);
      // 2 is FULL; NORMAL (1) syncs the log only at checkpoints.
      expect(rows[0]?.synchronous).toBe(2);
    } finally {
      await database.close();
      removeDataDir(config);
    }
  });

  it('rolls a failed transaction back whole', async () => {
    const config = testConfig(env);
    const database = await openDatabase(config);
    try {
      const now = new Date().toISOString();
      const row = { id: 'p1', title: 'T', content: 'C', slug: 's', image_key: null, created_at: now, updated_at: now };
      await expect(
        database.db.transaction().execute(async (trx) => {
          await trx.insertInto('posts').values(row).execute();
          await trx.insertInto('posts').values({ ...row, id: 'p2' }).execute(); // same slug: refused
        }),
        // Not toThrow(): the native driver's errors come from another realm under jest.
      ).rejects.toHaveProperty('message', expect.stringMatching(/unique|duplicate/i));
      const { count } = await database.db.selectFrom('posts').select(sql<number>`count(*)`.as('count')).executeTakeFirstOrThrow();
      expect(Number(count)).toBe(0);
    } finally {
      await database.close();
      removeDataDir(config);
    }
  });
});

import type { Kysely } from 'kysely';
import type { PasskeySummary } from '../../shared/api-types';
import type { Schema } from '../db/schema';

export interface StoredPasskey {
  id: string;
  userId: string;
  name: string;
  publicKey: Uint8Array<ArrayBuffer>;
  counter: number;
  transports: string[];
}

const summary = (row: { id: string; name: string; created_at: string; last_used_at: string | null }): PasskeySummary => ({
  id: row.id,
  name: row.name,
  createdAt: row.created_at,
  lastUsedAt: row.last_used_at,
});

/** The passkeys table. */
export class PasskeyRepository {
  constructor(private readonly db: Kysely<Schema>) {}

  async find(id: string): Promise<StoredPasskey | undefined> {
    const row = await this.db.selectFrom('passkeys').selectAll().where('id', '=', id).executeTakeFirst();
    return (
      row && {
        id: row.id,
        userId: row.user_id,
        name: row.name,
        publicKey: new Uint8Array(Buffer.from(row.public_key, 'base64url')),
        counter: Number(row.counter),
        transports: JSON.parse(row.transports) as string[],
      }
    );
  }

  async list(userId: string): Promise<PasskeySummary[]> {
    const rows = await this.db.selectFrom('passkeys').select(['id', 'name', 'created_at', 'last_used_at']).where('user_id', '=', userId).orderBy('created_at').orderBy('id').execute();
    return rows.map(summary);
  }

  async ids(userId: string): Promise<{ id: string; transports: string[] }[]> {
    const rows = await this.db.selectFrom('passkeys').select(['id', 'transports']).where('user_id', '=', userId).execute();
    return rows.map((row) => ({ id: row.id, transports: JSON.parse(row.transports) as string[] }));
  }

  async add(passkey: Omit<StoredPasskey, 'publicKey'> & { publicKey: Uint8Array }): Promise<PasskeySummary> {
    const row = {
      id: passkey.id,
      user_id: passkey.userId,
      name: passkey.name,
      public_key: Buffer.from(passkey.publicKey).toString('base64url'),
      counter: passkey.counter,
      transports: JSON.stringify(passkey.transports),
      created_at: new Date().toISOString(),
      last_used_at: null,
    };
    await this.db.insertInto('passkeys').values(row).execute();
    return summary(row);
  }

  /**
   * Records a use with the authenticator's new counter, only if the stored one is still the one
   * the response was checked against: two uses at once cannot both pass.
   */
  async used(id: string, previous: number, counter: number): Promise<boolean> {
    const result = await this.db
      .updateTable('passkeys')
      .set({ counter, last_used_at: new Date().toISOString() })
      .where('id', '=', id)
      .where('counter', '=', previous)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  }

  async rename(userId: string, id: string, name: string): Promise<PasskeySummary | undefined> {
    await this.db.updateTable('passkeys').set({ name }).where('id', '=', id).where('user_id', '=', userId).execute();
    const row = await this.db.selectFrom('passkeys').select(['id', 'name', 'created_at', 'last_used_at']).where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    return row && summary(row);
  }

  async remove(userId: string, id: string): Promise<string | undefined> {
    const row = await this.db.selectFrom('passkeys').select('name').where('id', '=', id).where('user_id', '=', userId).executeTakeFirst();
    if (!row) return undefined;
    await this.db.deleteFrom('passkeys').where('id', '=', id).where('user_id', '=', userId).execute();
    return row.name;
  }
}

import type { Kysely } from 'kysely';
import { tokenDigest } from '../auth/tokens';
import type { Schema } from '../db/schema';

/**
 * Tokens ended on the server before their expiry (Log Out, or a token replaced by a confirmed
 * sign-in). The authentication hook refuses them; a row is kept only until its token would have
 * expired anyway, so the table holds no more than the sign-outs of one token lifetime.
 */
export class EndedTokens {
  constructor(
    private readonly db: Kysely<Schema>,
    private readonly now: () => number = Date.now,
  ) {}

  /** `expiresAt` in seconds since the epoch, as the token's `exp`. Ending a token twice is no error. */
  async end(token: string, expiresAt: number): Promise<void> {
    const now = new Date(this.now()).toISOString();
    await this.db.deleteFrom('ended_tokens').where('expires_at', '<=', now).execute();
    await this.db
      .insertInto('ended_tokens')
      .values({ token_hash: tokenDigest(token), expires_at: new Date(expiresAt * 1000).toISOString() })
      .onConflict((conflict) => conflict.column('token_hash').doNothing())
      .execute();
  }
}

import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HttpError } from '../http/errors';

const NOT_FOUND = 'Post not found.';
/** Ids are UUIDs today; any short token of these characters is looked up, anything else cannot exist. */
const POST_ID = /^[A-Za-z0-9_-]{1,64}$/;

export const isPostId = (id: string) => POST_ID.test(id);
export const postNotFound = () => new HttpError(404, NOT_FOUND);

/**
 * Whether a read comes from the owner: a valid token. A read with an invalid one never gets here
 * (answered 401 first: `cache/invalid-bearer.ts`); a 401 still reads as no token.
 */
export async function readsAsOwner(app: FastifyInstance, request: FastifyRequest): Promise<boolean> {
  if (request.headers.authorization === undefined) return false;
  try {
    await app.authenticate(request);
    return true;
  } catch (error) {
    if (error instanceof HttpError && error.statusCode === 401) return false;
    throw error;
  }
}

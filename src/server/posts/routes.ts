import type { FastifyInstance } from 'fastify';

/** The posts calls of the API (spec section 7). */
export async function postsRoutes(_app: FastifyInstance): Promise<void> {}

import type { FastifyInstance } from 'fastify';

/** The account calls of the API (spec section 7): login, register, forgot and reset password. */
export async function accountRoutes(_app: FastifyInstance): Promise<void> {}

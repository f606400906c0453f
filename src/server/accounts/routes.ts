import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import fp from 'fastify-plugin';
import { AbuseLimits } from '../abuse/limits';
import { AccountService, MESSAGES } from './account-service';
import { normalizeEmail } from './email-address';
import { describeSchemaError, registerSchema } from './schemas';

declare module 'fastify' {
  interface FastifyInstance {
    /**
     * The accounts and the limits of every call about them, one of each for the whole API: the
     * sign-in routes take their attempts from these same limits.
     */
    accounts: { service: AccountService; limits: AbuseLimits };
  }
}

/** Account calls carry two short fields; anything larger is not a sign-in. */
export const ACCOUNT_BODY_LIMIT = 8 * 1024;

/** The accounts (docs/product.md#api): `POST /auth/register`, and the service the ways in share. */
export const accountsPlugin = fp(
  async (app) => {
    const service = new AccountService(app.database, app.config);
    const limits = AbuseLimits.fromConfig(app.config);
    app.decorate('accounts', { service, limits });
    app.addHook('onClose', () => limits.close());

    await app.register(async (plain) => {
      const scope = plain.withTypeProvider<TypeBoxTypeProvider>();
      scope.setSchemaErrorFormatter(describeSchemaError);
      // An account call's answer is the caller's alone: no cache keeps it.
      scope.addHook('onRequest', async (_request, reply) => {
        void reply.header('Cache-Control', 'no-store');
      });
      scope.post('/auth/register', { schema: registerSchema, bodyLimit: ACCOUNT_BODY_LIMIT }, async (request, reply) => {
        await limits.countRegistration(normalizeEmail(request.body.email), request.ip);
        await service.register(request.body.email, request.body.password);
        return reply.status(201).send({ message: MESSAGES.registered });
      });
    });
  },
  { name: 'accounts', decorators: { fastify: ['database', 'config'] } },
);

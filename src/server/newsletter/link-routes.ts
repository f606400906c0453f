import type { FastifyInstance } from 'fastify';
import { paths } from '../../shared/paths';
import { SUBSCRIBE_STATE_PARAM, type SubscribePageState } from '../../shared/newsletter';
import type { SubscriberRepository } from './subscriber-repository';
import type { UnsubscribeTokens } from './unsubscribe-tokens';

const FORM_TYPE = 'application/x-www-form-urlencoded';
const pageOf = (state: SubscribePageState) => `${paths.subscribe}?${SUBSCRIBE_STATE_PARAM}=${state}`;
/** Tokens are base64url (confirmation) or a UUID and its signature (unsubscribe): anything longer is not one. */
const TOKEN_MAX = 200;

/**
 * The addresses a mail carries: the confirmation link, and the unsubscribe address, which is
 * both the page with a button (GET) and the RFC 8058 one-click target (POST). Outside the API:
 * people open them. Their pages are the one `/subscribe` page in a state, cached and shared,
 * so nothing of the reader's is in any page.
 */
export async function linkRoutes(app: FastifyInstance, { subscribers, tokens }: { subscribers: SubscriberRepository; tokens: UnsubscribeTokens }): Promise<void> {
  app.addContentTypeParser(FORM_TYPE, { parseAs: 'string', bodyLimit: 1024 }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.get<{ Params: { token: string } }>('/subscribe/confirm/:token', async (request, reply) => {
    const { token } = request.params;
    const outcome = token.length <= TOKEN_MAX ? await subscribers.confirm(token, app.clock.now()) : 'invalid';
    return reply.header('Cache-Control', 'no-store').redirect(pageOf(outcome), 303);
  });

  /** The page with the button: the cached page, whose form posts back to this very address. */
  app.get<{ Params: { token: string } }>('/unsubscribe/:token', async (_request, reply) => {
    const page = await app.inject({ method: 'GET', url: pageOf('unsubscribe') });
    return reply
      .status(page.statusCode)
      .type(String(page.headers['content-type'] ?? 'text/html; charset=utf-8'))
      .header('Cache-Control', 'no-store')
      .header('X-Robots-Tag', 'noindex, nofollow')
      .send(page.rawPayload);
  });

  app.post<{ Params: { token: string } }>('/unsubscribe/:token', async (request, reply) => {
    const body = (typeof request.body === 'object' && request.body !== null ? request.body : {}) as Record<string, unknown>;
    // RFC 8058: a mail program's one-click POST gets no page, only its answer.
    const oneClick = body['List-Unsubscribe'] === 'One-Click';
    const { token } = request.params;
    const subscriberId = token.length <= TOKEN_MAX ? tokens.subscriberOf(token) : null;
    if (!subscriberId) {
      if (oneClick) return reply.status(400).send({ message: 'This unsubscribe link is not valid.' });
      return reply.redirect(pageOf('invalid'), 303);
    }
    // Already gone (an earlier click, the owner deleted it) is unsubscribed all the same.
    await subscribers.delete(subscriberId);
    request.log.info('a reader unsubscribed');
    if (oneClick) return reply.status(200).header('Cache-Control', 'no-store').send({ message: 'You are unsubscribed.' });
    return reply.redirect(pageOf('unsubscribed'), 303);
  });
}

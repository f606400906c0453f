import type { FastifyInstance, FastifyRequest } from 'fastify';
import { HONEYPOT_FIELD, START_TOKEN_FIELD } from '../../shared/contact';
import { paths } from '../../shared/paths';
import { SUBSCRIBE_ANSWER, SUBSCRIBE_STATE_PARAM } from '../../shared/newsletter';
import { emailProblem } from '../accounts/email-address';
import type { FormStartTokens } from '../contact/spam-checks';
import { HttpError } from '../http/errors';
import type { ConfirmationSender } from './confirmation-sender';
import { formStartFromCookie } from './form-start-cookie';
import { formInfoSchema, subscribeDocument, subscribeSchema } from './schemas';
import type { SubscribeLimit } from './subscribe-limit';
import type { SubscriberRepository } from './subscriber-repository';

const FORM_TYPE = 'application/x-www-form-urlencoded';
/** An address and two small fields fit in far less. */
const BODY_LIMIT = 4 * 1024;
const TOO_MANY = 'Too many subscriptions from this address. Please try again later.';

export interface SubscribeDeps {
  subscribers: SubscriberRepository;
  tokens: FormStartTokens;
  limit: SubscribeLimit;
  confirmations: ConfirmationSender;
}

/** `GET /api/subscribers/form` and `POST /api/subscribers`: the public half of the newsletter. */
export async function subscribeRoutes(app: FastifyInstance, { subscribers, tokens, limit, confirmations }: SubscribeDeps): Promise<void> {
  app.addContentTypeParser(FORM_TYPE, { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.get('/subscribers/form', { schema: formInfoSchema }, async (_request, reply) => {
    void reply.header('Cache-Control', 'no-store');
    return { startToken: tokens.issue(app.clock.now()) };
  });

  app.post('/subscribers', { schema: subscribeSchema, config: { swaggerTransform: subscribeDocument }, bodyLimit: BODY_LIMIT }, async (request, reply) => {
    const fromForm = (request.headers['content-type'] ?? '').toLowerCase().startsWith(FORM_TYPE);
    const body = request.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new HttpError(400, 'The request body must be an object with email.');
    const fields = body as Record<string, unknown>;
    const waitMs = await limit.count(request.ip);
    if (waitMs > 0) throw new HttpError(429, TOO_MANY, { 'Retry-After': String(Math.ceil(waitMs / 1000)) });
    if (fields.email !== undefined && typeof fields.email !== 'string') throw new HttpError(400, 'Email must be text.');
    const email = (fields.email ?? '').trim().toLowerCase();
    const problem = emailProblem(email);
    if (problem) {
      if (fromForm) return reply.redirect(`${paths.subscribe}?${SUBSCRIBE_STATE_PARAM}=refused`, 303);
      throw new HttpError(400, problem);
    }

    const spamReason = judge(request, fields);
    if (spamReason) {
      // Answered exactly like a person's subscription: nothing kept, nothing mailed.
      request.log.info({ spamReason }, 'subscription judged spam; nothing kept');
    } else {
      const now = app.clock.now();
      const outcome = await subscribers.subscribe(email, now);
      // Queued with the address, so that a mail server that is down delays the mail rather than losing it.
      if (outcome.mail) void confirmations.poke();
      await subscribers.sweepUnconfirmed(now).catch((error: unknown) => request.log.warn({ err: error }, 'unconfirmed addresses not deleted; the next subscription tries again'));
    }
    if (fromForm) return reply.redirect(`${paths.subscribe}?${SUBSCRIBE_STATE_PARAM}=sent`, 303);
    return reply.status(202).send({ message: SUBSCRIBE_ANSWER });
  });

  /** Why the request is a robot's, or null. */
  function judge(request: FastifyRequest, fields: Record<string, unknown>): string | null {
    const honeypot = fields[HONEYPOT_FIELD];
    if (honeypot !== undefined && honeypot !== '') return 'honeypot filled in';
    const sent = fields[START_TOKEN_FIELD];
    const start = sent !== undefined && sent !== '' ? sent : (formStartFromCookie(request.headers.cookie) ?? sent);
    return tokens.problem(start, app.clock.now());
  }
}

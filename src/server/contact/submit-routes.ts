import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { paths } from '../../shared/paths';
import { CONTACT_THANK_YOU, HONEYPOT_FIELD, START_TOKEN_FIELD, type ContactFormInfo } from '../../shared/contact';
import { HttpError } from '../http/errors';
import { checkSource } from '../leads/source-fields';
import type { ContactClientLimit } from './client-limit';
import { checkContactFields, firstError } from './contact-fields';
import type { ContactRepository } from './contact-repository';
import type { DeliveryWorker } from './delivery-worker';
import { formStartFromCookie } from './form-start-cookie';
import type { PageRenderer } from '../render/page-renderer';
import { refusedFormPage } from './refused-form-page';
import { formInfoSchema, submitDocument, submitSchema } from './schemas';
import { contentProblem, type FormStartTokens } from './spam-checks';

/** Bodies over 32 kB are refused (413): the three fields and the visit's 50 paths fit in less. */
const CONTACT_BODY_LIMIT = 32 * 1024;
const FORM_TYPE = 'application/x-www-form-urlencoded';
const TOO_MANY_REFUSED = 'Too many messages from this address. Please try again later.';

export interface SubmitDeps {
  repository: ContactRepository;
  tokens: FormStartTokens;
  limit: ContactClientLimit;
  worker: DeliveryWorker;
  renderer: PageRenderer;
  /** The route table's page type of a path: a lead's paths are pages the site serves. */
  pageTypeOf: (path: string) => string | null;
}

/** `GET /api/contact/form` and `POST /api/contact` (CONTACT_DELIVERY=server). */
export async function contactSubmitRoutes(app: FastifyInstance, { repository, tokens, limit, worker, renderer, pageTypeOf }: SubmitDeps): Promise<void> {
  const renderRefused = refusedFormPage(app, renderer);

  // A plain HTML form posts url-encoded fields; only this route's scope reads them.
  app.addContentTypeParser(FORM_TYPE, { parseAs: 'string', bodyLimit: CONTACT_BODY_LIMIT }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.get('/contact/form', { schema: formInfoSchema }, async (_request, reply): Promise<ContactFormInfo> => {
    // Each visitor's start time is their own: no shared cache may keep it.
    void reply.header('Cache-Control', 'no-store');
    return { startToken: tokens.issue(app.clock.now()) };
  });

  app.post('/contact', { schema: submitSchema, config: { swaggerTransform: submitDocument }, bodyLimit: CONTACT_BODY_LIMIT }, async (request, reply) => {
    const fromForm = (request.headers['content-type'] ?? '').toLowerCase().startsWith(FORM_TYPE);
    const body = request.body;
    if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new HttpError(400, 'The request body must be an object with name, email and message.');
    const fields = body as Record<string, unknown>;
    // Counted before anything is looked at, whatever is wrong with the message: a robot's tries
    // use up its hour as well, refused ones included.
    const waitMs = await limit.count(request.ip);
    const { values, errors } = checkContactFields(fields);
    const source = checkSource(fields, pageTypeOf);
    const problem = firstError(errors) ?? (source.ok ? undefined : source.message);
    if (problem) {
      if (!fromForm) throw new HttpError(400, problem);
      // The refused form is a page to render: past its hour's share a client gets none.
      if (waitMs > 0) throw new HttpError(429, TOO_MANY_REFUSED, { 'Retry-After': String(Math.ceil(waitMs / 1000)) });
      const page = await renderRefused({ startToken: tokens.issue(app.clock.now()), refused: { values, errors } });
      return reply.status(400).type('text/html; charset=utf-8').header('Cache-Control', 'no-store').send(page);
    }

    const spamReason = judge(request, fields, values, waitMs > 0);
    // Spam past a client's daily share is answered the same, and not stored.
    if (spamReason && !(await limit.mayKeepSpam(request.ip))) {
      request.log.info({ spamReason }, 'contact spam not stored: the client has sent its day of spam');
      return answerKept(reply, fromForm);
    }
    const now = app.clock.now();
    const stored = await repository.insert(values, spamReason, now, { source: source.ok ? source.source : undefined });
    if (!spamReason) void worker.poke();
    request.log.info({ messageId: stored.id, spam: spamReason !== null }, 'contact message stored');
    await repository.sweepExpiredSpam(now).catch((error: unknown) => request.log.warn({ err: error }, 'expired spam not deleted; the next message tries again'));
    return answerKept(reply, fromForm);
  });

  /** Why the message is spam, or null. Spam is answered exactly like a real message. */
  function judge(request: FastifyRequest, fields: Record<string, unknown>, values: Parameters<typeof contentProblem>[0], overLimit: boolean): string | null {
    const honeypot = fields[HONEYPOT_FIELD];
    if (honeypot !== undefined && honeypot !== '') return 'honeypot filled in';
    return tokens.problem(formStart(request, fields), app.clock.now()) ?? contentProblem(values) ?? (overLimit ? 'more than 5 messages an hour from one address' : null);
  }

  /**
   * The form's start time: the one the form fetched when shown (sent in the body), else the one
   * the contact page's answer set in a cookie (a form posted without JavaScript, or before the
   * fetch came back). Both are this visitor's own; the cached page carries none.
   */
  function formStart(request: FastifyRequest, fields: Record<string, unknown>): unknown {
    const sent = fields[START_TOKEN_FIELD];
    if (sent !== undefined && sent !== '') return sent;
    return formStartFromCookie(request.headers.cookie) ?? sent;
  }

  function answerKept(reply: FastifyReply, fromForm: boolean) {
    // A form posted without JavaScript goes, once the message is kept, to the contact page saying so.
    if (fromForm) return reply.redirect(paths.contactSent, 303);
    return reply.status(201).send({ message: CONTACT_THANK_YOU });
  }
}

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { paths } from '../../shared/paths';
import type { ContactClientLimit } from '../contact/client-limit';
import { checkContactFields, firstError } from '../contact/contact-fields';
import { contentProblem, type FormStartTokens } from '../contact/spam-checks';
import { HttpError } from '../http/errors';
import { checkSource } from '../leads/source-fields';
import { bookStartFromCookie } from './book-form-start';
import { NOT_A_SLOT } from './booking-service';
import { bookDocument, bookSchema, formSchema, managedGetSchema, manageCancelSchema, manageRescheduleSchema, openSchema, rescheduleDocument, slotsSchema } from './schemas';

/** The contact form's bound: the fields and the visit's 50 paths fit in less. */
const BODY_LIMIT = 32 * 1024;
const FORM_TYPE = 'application/x-www-form-urlencoded';
const TOO_MANY = 'Too many bookings from this address. Please try again later.';
const TOO_MANY_CHANGES = 'Too many changes to bookings from this address. Please try again later.';
/** What the page says to a plain form refused with each status (`?error=`). */
const FORM_PROBLEMS: Record<number, string> = { 400: 'fields', 409: 'taken', 429: 'limit' };

/** Where a plain form goes once its booking is made (or judged a robot's and dropped: the same answer). */
const BOOKED_PATH = `${paths.book}?booked=1`;

/** The visitor's calls: slots, the booking form, and the manage link's cancel and move. */
export async function publicRoutes(scope: FastifyInstance, { limit, manageLimit, tokens }: { limit: ContactClientLimit; manageLimit: ContactClientLimit; tokens: FormStartTokens }): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  const { service } = app.booking;

  app.addContentTypeParser(FORM_TYPE, { parseAs: 'string', bodyLimit: BODY_LIMIT }, (_request, body, done) => {
    done(null, Object.fromEntries(new URLSearchParams(body as string)));
  });

  app.get('/booking/open', { schema: openSchema }, async () => ({ open: (await app.booking.settings.get()).enabled }));

  app.get('/booking/slots', { schema: slotsSchema }, async (request, reply) => {
    const settings = await service.openSettings();
    // Free times change with every booking and every minute: never kept by a cache.
    void reply.header('Cache-Control', 'no-store');
    return { timeZone: settings.timeZone, slots: await service.slots(settings, request.query.from, request.query.to) };
  });

  app.get('/booking/form', { schema: formSchema }, async (_request, reply) => {
    await service.openSettings();
    void reply.header('Cache-Control', 'no-store');
    return { startToken: tokens.issue(app.clock.now()) };
  });

  app.post('/bookings', { schema: bookSchema, config: { swaggerTransform: bookDocument }, bodyLimit: BODY_LIMIT }, async (request, reply) => {
    const fromForm = isForm(request);
    try {
      return await take(request, reply, fromForm);
    } catch (error) {
      // A plain form goes back to the page, which says what to change; the visitor's words stay in the browser's history.
      if (!fromForm || !(error instanceof HttpError) || !FORM_PROBLEMS[error.statusCode]) throw error;
      const problem = error.message === NOT_A_SLOT ? 'slot' : FORM_PROBLEMS[error.statusCode]!;
      return reply.redirect(`${paths.book}?error=${problem}`, 303);
    }
  });

  async function take(request: FastifyRequest, reply: FastifyReply, fromForm: boolean) {
    const fields = objectBody(request.body);
    const settings = await service.openSettings();
    // Counted before anything is looked at, as the contact form counts: a robot's refused tries use up its hour too.
    const waitMs = await limit.count(request.ip);
    if (waitMs > 0) throw new HttpError(429, TOO_MANY, { 'Retry-After': String(Math.ceil(waitMs / 1000)) });
    const { values, errors } = checkContactFields(fields);
    // Where the visit came from, as the contact form sends it: the booking's lead carries it.
    const source = checkSource(fields, app.insights.pageTypeOf);
    const problem = firstError(errors) ?? (source.ok ? undefined : source.message);
    if (problem) throw new HttpError(400, problem);
    const start = text(fields.start, 'start');
    const timeZone = fields.timeZone === undefined || fields.timeZone === '' ? undefined : text(fields.timeZone, 'timeZone');
    const spam = judge(request, fields, values);
    if (spam) {
      // A robot is answered as a person would be, and nothing is kept or mailed.
      request.log.info({ spamReason: spam }, 'booking judged spam and dropped');
      if (fromForm) return reply.redirect(BOOKED_PATH, 303);
      const at = new Date(start);
      return reply.status(201).send({ id: crypto.randomUUID(), start: at.toISOString(), end: new Date(at.getTime() + settings.lengthMinutes * 60_000).toISOString() });
    }
    const row = await service.book(settings, { ...values, timeZone }, start, source.ok ? source.source : undefined);
    request.log.info({ bookingId: row.id }, 'call booked');
    await freeTimesChanged();
    if (fromForm) return reply.redirect(BOOKED_PATH, 303);
    return reply.status(201).send({ id: row.id, start: row.start_at, end: row.end_at });
  }

  app.get('/bookings/manage/:token', { schema: managedGetSchema }, async (request, reply) => {
    const booking = await service.byToken(request.params.token);
    void reply.header('Cache-Control', 'no-store');
    return { start: booking.start_at, end: booking.end_at, name: booking.name, cancelled: booking.cancelled_at !== null, timeZone: booking.time_zone };
  });

  app.post('/bookings/manage/:token/cancel', { schema: manageCancelSchema, bodyLimit: 1024 }, async (request, reply) => {
    await countChange(request);
    await service.cancel(await service.active(request.params.token), 'visitor');
    await freeTimesChanged();
    if (isForm(request)) return reply.redirect(paths.bookManage(request.params.token), 303);
    return { message: 'Your call is cancelled.' };
  });

  app.post('/bookings/manage/:token/reschedule', { schema: manageRescheduleSchema, config: { swaggerTransform: rescheduleDocument }, bodyLimit: 1024 }, async (request, reply) => {
    const settings = await service.openSettings();
    await countChange(request);
    const moved = await service.reschedule(settings, request.params.token, text(objectBody(request.body).start, 'start'));
    await freeTimesChanged();
    if (isForm(request)) return reply.redirect(paths.bookManage(request.params.token), 303);
    return { id: moved.id, start: moved.start_at, end: moved.end_at };
  });

  /**
   * A move or cancellation through a manage link, counted per client before the link is even
   * looked up: whoever holds (or guesses at) links cannot queue mail and clear caches in a loop.
   */
  async function countChange(request: FastifyRequest): Promise<void> {
    const waitMs = await manageLimit.count(request.ip);
    if (waitMs > 0) throw new HttpError(429, TOO_MANY_CHANGES, { 'Retry-After': String(Math.ceil(waitMs / 1000)) });
  }

  /**
   * Only /book shows the free times (the slots call is never cached): its renders go, every
   * other page stays cached.
   */
  async function freeTimesChanged(): Promise<void> {
    await app.contentCache.invalidatePage(paths.book);
  }

  /** Why the booking is a robot's, or null: the contact form's checks. */
  function judge(request: FastifyRequest, fields: Record<string, unknown>, values: Parameters<typeof contentProblem>[0]): string | null {
    const honeypot = fields.website;
    if (honeypot !== undefined && honeypot !== '') return 'honeypot filled in';
    const sent = fields.startToken;
    const startToken = sent !== undefined && sent !== '' ? sent : (bookStartFromCookie(request.headers.cookie) ?? sent);
    return tokens.problem(startToken, app.clock.now()) ?? contentProblem(values);
  }
}

function isForm(request: FastifyRequest): boolean {
  return (request.headers['content-type'] ?? '').toLowerCase().startsWith(FORM_TYPE);
}

function objectBody(body: unknown): Record<string, unknown> {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw new HttpError(400, 'The request body must be an object.');
  return body as Record<string, unknown>;
}

function text(value: unknown, field: string): string {
  if (typeof value !== 'string' || value === '') throw new HttpError(400, `${field} is required.`);
  if (value.length > 64) throw new HttpError(400, `${field} is too long.`);
  return value;
}


import type { FastifyInstance } from 'fastify';
import { paths } from '../../shared/paths';
import type { FormStartTokens } from '../contact/spam-checks';

const FORM_START_COOKIE = 'book_start';
const FORM_START_COOKIE_SECONDS = 24 * 60 * 60;
/** Where the booking form posts: the cookie goes nowhere else. */
const COOKIE_PATH = '/api/bookings';

/**
 * `/book` is a cached page, so the time its form was handed out (the contact form's 3-second
 * rule) comes with each answer as a cookie set on top of the cached body, read back only by the
 * form's post, as the contact page does. With JavaScript the form asks for its own start time.
 */
export function formStartOnBookPage(app: FastifyInstance, tokens: FormStartTokens): void {
  const secure = app.config.siteUrl.startsWith('https:') ? '; Secure' : '';
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const path = request.url.split('?', 1)[0];
    if (path !== paths.book && path !== `${paths.book}/`) return;
    void reply.header('Set-Cookie', `${FORM_START_COOKIE}=${tokens.issue(app.clock.now())}; Max-Age=${FORM_START_COOKIE_SECONDS}; Path=${COOKIE_PATH}; HttpOnly; SameSite=Strict${secure}`);
  });
}

const COOKIE_VALUE = new RegExp(`(?:^|;)\\s*${FORM_START_COOKIE}=([0-9A-Za-z._-]{1,200})\\s*(?:;|$)`);

export function bookStartFromCookie(header: string | undefined): string | undefined {
  return header ? COOKIE_VALUE.exec(header)?.[1] : undefined;
}

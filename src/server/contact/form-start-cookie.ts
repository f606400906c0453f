import type { FastifyInstance } from 'fastify';
import { paths } from '../../shared/paths';
import type { FormStartTokens } from './spam-checks';

/** The cookie that carries a form's signed start time for a form posted without JavaScript. */
const FORM_START_COOKIE = 'contact_start';
/** Long enough to write a message, short enough to be gone the next day. */
const FORM_START_COOKIE_SECONDS = 24 * 60 * 60;
/** Where the form posts: the cookie goes nowhere else. */
const COOKIE_PATH = '/api/contact';

/**
 * `/contact` is a cached page, so nothing in it can be one visitor's: the time its form was
 * handed out, which the 3-second rule reads, comes with each answer instead, as this cookie set
 * on top of the cached body. It holds that time and its signature and nothing else (no
 * identifier, no address), is sent back only with the form's post, and lasts a day: strictly
 * necessary for the form, as the privacy page says. With JavaScript the form asks for a start
 * time of its own when shown (`GET /api/contact/form`) and sends it in the body; the cookie is
 * then only the fallback of a post sent before that answer came.
 */
export function formStartOnContactPage(app: FastifyInstance, tokens: FormStartTokens): void {
  const secure = app.config.siteUrl.startsWith('https:') ? '; Secure' : '';
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const path = request.url.split('?', 1)[0];
    if (path !== paths.contact && path !== `${paths.contact}/`) return;
    const token = tokens.issue(app.clock.now());
    void reply.header('Set-Cookie', `${FORM_START_COOKIE}=${token}; Max-Age=${FORM_START_COOKIE_SECONDS}; Path=${COOKIE_PATH}; HttpOnly; SameSite=Strict${secure}`);
  });
}

// Only the shape `formStartOnContactPage` sets is read: a token has no character a cookie value would encode.
const COOKIE_VALUE = new RegExp(`(?:^|;)\\s*${FORM_START_COOKIE}=([0-9A-Za-z._-]{1,200})\\s*(?:;|$)`);

/** The start time a post's cookie carries, or undefined. */
export function formStartFromCookie(header: string | undefined): string | undefined {
  return header ? COOKIE_VALUE.exec(header)?.[1] : undefined;
}

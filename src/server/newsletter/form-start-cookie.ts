import type { FastifyInstance } from 'fastify';
import type { FormStartTokens } from '../contact/spam-checks';
import { SUBSCRIBE_API_PATH } from '../../shared/newsletter';

const COOKIE = 'subscribe_start';
const COOKIE_SECONDS = 24 * 60 * 60;

/**
 * The blog's pages are cached and shared, so the time their subscribe form was handed out (which
 * the 3-second rule reads) travels as this cookie set on top of the cached body, as the contact
 * page's does: the signed time alone, sent only with the subscribe form's post, for a day. With
 * JavaScript the form asks for a start time of its own instead.
 */
export function formStartOnBlogPages(app: FastifyInstance, tokens: FormStartTokens): void {
  const secure = app.config.siteUrl.startsWith('https:') ? '; Secure' : '';
  app.addHook('onRequest', async (request, reply) => {
    if (request.method !== 'GET' && request.method !== 'HEAD') return;
    const path = request.url.split('?', 1)[0]!;
    if (path !== '/blog' && !(path.startsWith('/blog/') && !path.endsWith('.xml'))) return;
    void reply.header('Set-Cookie', `${COOKIE}=${tokens.issue(app.clock.now())}; Max-Age=${COOKIE_SECONDS}; Path=${SUBSCRIBE_API_PATH}; HttpOnly; SameSite=Strict${secure}`);
  });
}

const COOKIE_VALUE = new RegExp(`(?:^|;)\\s*${COOKIE}=([0-9A-Za-z._-]{1,200})\\s*(?:;|$)`);

export function formStartFromCookie(header: string | undefined): string | undefined {
  return header ? COOKIE_VALUE.exec(header)?.[1] : undefined;
}

import type { FastifyInstance } from 'fastify';
import { paths } from '../../shared/paths';
import type { FormStartTokens } from './spam-checks';

/** Long enough to fill in a form, short enough to be gone the next day. */
const FORM_START_COOKIE_SECONDS = 24 * 60 * 60;

export interface FormStartCookie {
  /** The cookie's name: one per form. */
  name: string;
  /** Where the form posts: the cookie goes nowhere else. */
  postPath: string;
  /** Whether a page's path (without its query) carries the form. */
  onPage: (path: string) => boolean;
}

/**
 * A form's pages are cached and shared, so nothing in them can be one visitor's: the time the
 * form was handed out, which the 3-second rule reads, comes with each answer instead, as a cookie
 * set on top of the cached body. It holds that time and its signature and nothing else (no
 * identifier, no address), is sent back only with the form's post, and lasts a day: strictly
 * necessary for the form, as the privacy page says. With JavaScript the form asks for a start
 * time of its own when shown and sends it in the body; the cookie is then only the fallback of a
 * post sent before that answer came.
 */
export function formStartCookie(app: FastifyInstance, tokens: FormStartTokens, { name, postPath, onPage }: FormStartCookie): void {
  const attributes = `Max-Age=${FORM_START_COOKIE_SECONDS}; Path=${postPath}; HttpOnly; SameSite=Strict${app.config.siteUrl.startsWith('https:') ? '; Secure' : ''}`;
  const cookieFor = (path: string) => (onPage(path) ? `${name}=${tokens.issue(app.clock.now())}; ${attributes}` : undefined);
  // Set on pages by the app's one page-cookie hook and by the cached pages' front door alike.
  app.frontDoor.addPageCookie(cookieFor);
}

/** The start time a post's cookie `name` carries, or undefined. */
export function formStartFrom(name: string): (header: string | undefined) => string | undefined {
  // Only the shape `formStartCookie` sets is read: a token has no character a cookie value would encode.
  const value = new RegExp(`(?:^|;)\\s*${name}=([0-9A-Za-z._-]{1,200})\\s*(?:;|$)`);
  return (header) => (header ? value.exec(header)?.[1] : undefined);
}

/** The contact form's cookie, on `/contact`. */
const CONTACT_COOKIE: FormStartCookie = { name: 'contact_start', postPath: '/api/contact', onPage: (path) => path === paths.contact || path === `${paths.contact}/` };

export const formStartOnContactPage = (app: FastifyInstance, tokens: FormStartTokens) => formStartCookie(app, tokens, CONTACT_COOKIE);

export const formStartFromCookie = formStartFrom(CONTACT_COOKIE.name);

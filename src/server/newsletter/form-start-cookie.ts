import type { FastifyInstance } from 'fastify';
import { formStartCookie, formStartFrom } from '../contact/form-start-cookie';
import type { FormStartTokens } from '../contact/spam-checks';
import { SUBSCRIBE_API_PATH } from '../../shared/newsletter';

/** The blog's pages (not its feeds) carry the subscribe form. */
const SUBSCRIBE_COOKIE = { name: 'subscribe_start', postPath: SUBSCRIBE_API_PATH, onPage: (path: string) => path === '/blog' || (path.startsWith('/blog/') && !path.endsWith('.xml')) };

/**
 * The blog's pages are cached and shared: the subscribe form's start time comes as a cookie, as
 * the contact page's does. With JavaScript the form asks for a start time of its own instead.
 */
export const formStartOnBlogPages = (app: FastifyInstance, tokens: FormStartTokens) => formStartCookie(app, tokens, SUBSCRIBE_COOKIE);

export const formStartFromCookie = formStartFrom(SUBSCRIBE_COOKIE.name);

import type { FastifyInstance } from 'fastify';
import { paths } from '../../shared/paths';
import { formStartCookie, formStartFrom } from '../contact/form-start-cookie';
import type { FormStartTokens } from '../contact/spam-checks';

const BOOK_COOKIE = { name: 'book_start', postPath: '/api/bookings', onPage: (path: string) => path === paths.book || path === `${paths.book}/` };

/** `/book` is a cached page: its form's start time comes as a cookie, as the contact page's does. */
export const formStartOnBookPage = (app: FastifyInstance, tokens: FormStartTokens) => formStartCookie(app, tokens, BOOK_COOKIE);

export const bookStartFromCookie = formStartFrom(BOOK_COOKIE.name);

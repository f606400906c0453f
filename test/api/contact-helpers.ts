import type { FastifyInstance, InjectOptions } from 'fastify';
import { login, register } from './accounts-helpers';

export const THANK_YOU = { message: 'Thank you — your message has been sent. We will reply within one business day.' };
export const VISITOR = { name: 'Maria Okafor', email: 'maria@bakery.example', message: 'We would like an online order form for our bakery.' };

/** Moves the app's clock (the form-start check and the delivery worker read it) by `ms`. */
export function advanceClock(app: FastifyInstance, ms: number): void {
  const at = app.clock.now().getTime() + ms;
  app.clock.now = () => new Date(at);
}

/** A form-start token handed out now; the clock then moves past the 3 seconds a person needs. */
export async function startForm(app: FastifyInstance, waitMs = 4000): Promise<string> {
  const answer = await app.inject({ method: 'GET', url: '/api/contact/form' });
  if (answer.statusCode !== 200) throw new Error(`form info answered ${answer.statusCode}`);
  advanceClock(app, waitMs);
  return (answer.json() as { startToken: string }).startToken;
}

export async function sendContact(app: FastifyInstance, fields: Record<string, unknown>, options: Partial<InjectOptions> = {}) {
  const startToken = 'startToken' in fields ? fields.startToken : await startForm(app);
  return app.inject({ method: 'POST', url: '/api/contact', payload: { website: '', ...fields, startToken } as InjectOptions['payload'], ...options });
}

/** The administrator's bearer headers on a fresh site. */
export async function ownerHeaders(app: FastifyInstance): Promise<Record<string, string>> {
  await register(app, 'owner@agency.test');
  const token = (await login(app, 'owner@agency.test')).json().token as string;
  return { authorization: `Bearer ${token}` };
}

export async function listMessages(app: FastifyInstance, headers: Record<string, string>, folder: 'inbox' | 'spam' = 'inbox') {
  const answer = await app.inject({ method: 'GET', url: `/api/contact/messages?folder=${folder}`, headers });
  if (answer.statusCode !== 200) throw new Error(`list answered ${answer.statusCode}: ${answer.body}`);
  return answer.json() as Array<Record<string, unknown>>;
}

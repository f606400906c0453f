import type { FastifyInstance, InjectOptions } from 'fastify';
import type { InsightsReport } from '../../src/shared/insights';

export const PHONE = 'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Mobile Safari/537.36';
export const LAPTOP = 'Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15';

/** An event as navigator.sendBeacon posts it: a JSON string sent as text/plain. */
export function sendEvent(app: FastifyInstance, event: unknown, options: { agent?: string; headers?: Record<string, string>; address?: string } = {}) {
  return app.inject({
    method: 'POST',
    url: '/api/events',
    payload: typeof event === 'string' ? event : JSON.stringify(event),
    headers: { 'content-type': 'text/plain;charset=UTF-8', 'user-agent': options.agent ?? PHONE, ...options.headers },
    ...(options.address ? { remoteAddress: options.address } : {}),
  } as InjectOptions);
}

export const homeView = { kind: 'view', path: '/', type: 'home', device: 'mobile' } as const;

export async function report(app: FastifyInstance, headers: Record<string, string>, days = 7): Promise<InsightsReport> {
  const answer = await app.inject({ method: 'GET', url: `/api/insights?days=${days}`, headers });
  if (answer.statusCode !== 200) throw new Error(`insights answered ${answer.statusCode}: ${answer.body}`);
  return answer.json() as InsightsReport;
}

/** Moves the app's clock to `at`. */
export function setClock(app: FastifyInstance, at: string): void {
  const time = Date.parse(at);
  app.clock.now = () => new Date(time);
}

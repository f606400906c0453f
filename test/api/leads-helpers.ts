import type { FastifyInstance } from 'fastify';

/** A fixed moment for the app's clock (the form-start check, the reminder and "today" read it). */
export function setClock(app: FastifyInstance, iso: string): void {
  const at = Date.parse(iso);
  app.clock.now = () => new Date(at);
}

export async function changeLead(app: FastifyInstance, headers: Record<string, string>, id: string, payload: Record<string, unknown>) {
  return app.inject({ method: 'PATCH', url: `/api/contact/messages/${id}/lead`, headers, payload });
}

import type { FastifyInstance } from 'fastify';

/** The site's time zone (an IANA name) from its live Settings: "due today" and the 08:00 reminder keep its hours. */
export async function siteTimeZone(app: FastifyInstance): Promise<string> {
  return (await app.site.published.read()).content.settings.timeZone;
}

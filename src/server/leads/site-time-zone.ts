import type { FastifyInstance } from 'fastify';

/**
 * The site's time zone (an IANA name), the one place "due today" and the 08:00 reminder read it
 * from. The site's settings do not hold one yet: until they do, the site's day is UTC's.
 */
export async function siteTimeZone(_app: FastifyInstance): Promise<string> {
  return 'UTC';
}

import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import type { FastifyInstance } from 'fastify';
import type { BookingSettings, BookingSettingsAnswer } from '../../shared/booking';
import { paths } from '../../shared/paths';
import { HttpError } from '../http/errors';
import { checkedSettings } from './booking-settings';
import { toBooking } from './booking-shape';
import { getSettingsSchema, listSchema, ownerCancelRouteSchema, putSettingsSchema } from './schemas';

/** The owner's booking calls (`/admin/bookings`): every one needs the bearer token. */
export async function adminRoutes(scope: FastifyInstance): Promise<void> {
  const app = scope.withTypeProvider<TypeBoxTypeProvider>();
  app.addHook('preHandler', app.authenticate);
  const { service, settings: store, calendars, allowLoopbackHttp } = app.booking;

  const answer = async (settings: BookingSettings): Promise<BookingSettingsAnswer> => ({ ...settings, calendars: await calendars.states(settings.busyCalendars) });

  app.get('/booking/settings', { schema: getSettingsSchema }, async () => answer(await store.get()));

  app.put('/booking/settings', { schema: putSettingsSchema, bodyLimit: 32 * 1024 }, async (request) => {
    const before = await store.get();
    const settings = checkedSettings(request.body, allowLoopbackHttp);
    await store.put(settings, app.clock.now());
    await calendars.keepOnly(settings.busyCalendars);
    // /book, and the links to it on the home and contact pages, follow the switch on every instance.
    if (before.enabled !== settings.enabled || settings.enabled) await app.contentCache.invalidate();
    void calendars.refresh(settings.busyCalendars).catch((error: unknown) => request.log.warn({ err: error }, 'busy calendars not refreshed'));
    return answer(settings);
  });

  app.get('/bookings', { schema: listSchema }, async (request) => {
    const now = app.clock.now();
    return (await service.list(request.query.when ?? 'upcoming', now)).map((row) => toBooking(row, now));
  });

  app.post('/bookings/:id/cancel', { schema: ownerCancelRouteSchema, bodyLimit: 8 * 1024 }, async (request) => {
    const booking = await service.find(request.params.id);
    if (!booking) throw new HttpError(404, 'No such booking.');
    const cancelled = await service.cancel(booking, 'owner', request.body.message.trim() || undefined);
    // Only /book shows the free times.
    await app.contentCache.invalidatePage(paths.book);
    return toBooking(cancelled, app.clock.now());
  });
}

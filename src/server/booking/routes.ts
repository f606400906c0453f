import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { memoryLimiterStore, redisLimiterStore } from '../abuse/limiter-store';
import { ContactClientLimit } from '../contact/client-limit';
import { FormStartTokens } from '../contact/spam-checks';
import { createMailer } from '../mail/mailer';
import { BookingMailWorker } from './booking-mail-worker';
import { BookingRepository, eraseBookingsOf } from './booking-repository';
import { BookingService } from './booking-service';
import { BookingSettingsStore } from './booking-settings';
import { formStartOnBookPage } from './book-form-start';
import { BusyCalendars } from './busy-calendars';
import { ManageLinks } from './manage-links';
import { adminRoutes } from './admin-routes';
import { publicRoutes } from './public-routes';
import { siteIdentity } from '../site/published-content';

declare module 'fastify' {
  interface FastifyInstance {
    /** Slots, bookings and their mails; tests run its passes by hand. */
    booking: { service: BookingService; settings: BookingSettingsStore; calendars: BusyCalendars; mails: BookingMailWorker; allowLoopbackHttp: boolean };
  }
}

export interface BookingOptions {
  /** Lets busy calendars be read over plain http from this machine: the tests' calendar server. */
  allowLoopbackHttpCalendars?: boolean;
  /** How long a calendar server may take (10 s); tests wait less. */
  calendarTimeoutMs?: number;
}

/**
 * Book a call (docs/product.md#book-a-call): what lives as long as the app (the settings, the
 * busy calendars' copies, the booking mail queue's worker). Its API is `bookingApi`.
 */
async function bookingServices(app: FastifyInstance, options: BookingOptions): Promise<void> {
  const db = app.database.db;
  const now = () => app.clock.now();
  const settings = new BookingSettingsStore(db);
  const allowLoopbackHttp = options.allowLoopbackHttpCalendars === true;
  const calendars = new BusyCalendars(db, now, { allowLoopbackHttp, timeoutMs: options.calendarTimeoutMs }, app.log);
  const mailer = createMailer(app.config);
  // The worker asks the service for a reminder's words only when one is due, long after both exist.
  const links = new ManageLinks(app.secretsKey);
  const mails: BookingMailWorker = new BookingMailWorker(db, mailer, (id, at) => service.renderReminder(id, at), (mail) => links.open(mail), now, app.log);
  const service: BookingService = new BookingService({ settings, repository: new BookingRepository(db, app.database.engine, app.database.schema), calendars, mails, links, inbox: app.contactMessages, siteUrl: app.config.siteUrl, identity: siteIdentity(app), now, log: app.log });
  app.decorate('booking', { service, settings, calendars, mails, allowLoopbackHttp });
  // The inbox's privacy erase by e-mail takes the person's bookings too.
  app.leads.repository.alsoErase(eraseBookingsOf);
  formStartOnBookPage(app, new FormStartTokens(app.secretsKey));
  app.addHook('onReady', async () => {
    // Mail left waiting by an earlier run or another instance, and reminders coming due, go out from here.
    void mails.poke();
  });
  app.addHook('onClose', async () => {
    await mails.stop();
    mailer.close();
  });
}

/** Bookings an hour per client, as the contact form's messages. */
const BOOKING_RULE = { name: 'booking', perHour: 5 };
/** Moves and cancellations through manage links an hour per client: a person changes plans a few times, not dozens. */
const MANAGE_RULE = { name: 'booking-manage', perHour: 10 };

export const bookingPlugin = fp(bookingServices, { name: 'booking', dependencies: ['leads', 'contact'], decorators: { fastify: ['database', 'config', 'clock', 'secretsKey', 'frontDoor'] } });

/** The booking calls, registered under /api. */
export async function bookingApi(api: FastifyInstance): Promise<void> {
  await api.register(adminRoutes);
  const store = api.config.redisUrl ? redisLimiterStore(api.config.redisUrl) : memoryLimiterStore();
  // Counted under names of their own: a visitor's contact messages take nothing from their bookings.
  const limit = new ContactClientLimit(store, api.log, BOOKING_RULE);
  const manageLimit = new ContactClientLimit(store, api.log, MANAGE_RULE);
  api.addHook('onClose', () => store.close());
  await api.register(async (scope) => publicRoutes(scope, { limit, manageLimit, tokens: new FormStartTokens(api.secretsKey) }));
}

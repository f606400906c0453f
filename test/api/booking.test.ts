import { engines } from '../support/engines';
import { book, formToken, inNewYork, invitationIn, manageLinkIn, NOW, nyJune, putSettings, setClock, SETTINGS, slots, startBookingSite, VISITOR, type BookingSite } from './booking-helpers';
import { listMessages, ownerHeaders } from './contact-helpers';
import { SmtpReceiver } from './smtp-receiver';

const TAKEN = { message: 'That time was just taken. Please choose another.' };

describe.each(engines())('booking a call on $name', ({ env }) => {
  let smtp: SmtpReceiver;
  let site: BookingSite;
  let owner: Record<string, string>;

  beforeEach(async () => {
    smtp = await new SmtpReceiver().start();
    site = await startBookingSite(env, { SMTP_URL: smtp.url, MAIL_FROM: 'Larkspur <no-reply@agency.test>', SITE_URL: 'https://larkspur.example' });
    owner = await ownerHeaders(site.app);
  });
  afterEach(async () => {
    await site.close();
    await smtp.stop();
  });

  it('starts off: the settings say so, and slots and the form answer 404', async () => {
    const settings = await site.app.inject({ method: 'GET', url: '/api/booking/settings', headers: owner });
    expect(settings.statusCode).toBe(200);
    expect(settings.json()).toMatchObject({ enabled: false, timeZone: 'America/New_York', lengthMinutes: 30, calendars: [] });
    expect((await site.app.inject({ method: 'GET', url: '/api/booking/settings' })).statusCode).toBe(401);
    expect((await slots(site.app, '2026-06-01', '2026-06-02')).statusCode).toBe(404);
    expect((await site.app.inject({ method: 'GET', url: '/api/booking/form' })).statusCode).toBe(404);
  });

  it.each([
    ['an unknown time zone', { timeZone: 'Mars/Olympus' }, /^timeZone/],
    ['a range ending before it starts', { weekly: { ...SETTINGS.weekly, mon: [['12:00', '09:00']] } }, /^weekly\.mon/],
    ['overlapping ranges', { weekly: { ...SETTINGS.weekly, tue: [['09:00', '12:00'], ['11:00', '13:00']] } }, /^weekly\.tue/],
    ['a time that is not HH:MM', { weekly: { ...SETTINGS.weekly, wed: [['9am', '12:00']] } }, /weekly\/wed/i],
    ['a plain http calendar', { busyCalendars: ['http://calendar.example/basic.ics'] }, /^busyCalendars\/0 must be an https:\/\/ address/],
    ['a calendar that is no address', { busyCalendars: ['webcal:nothing'] }, /^busyCalendars\/0/],
    ['a length of 0', { lengthMinutes: 0 }, /lengthMinutes/i],
  ])('refuses settings with %s: 400 naming the field', async (_label, change, message) => {
    const answer = await putSettings(site.app, owner, change as never);
    expect(answer.statusCode).toBe(400);
    expect((answer.json() as { message: string }).message).toMatch(message);
    expect((await site.app.inject({ method: 'GET', url: '/api/booking/settings', headers: owner })).json()).toMatchObject({ enabled: false });
  });

  it('lists the free slots in the weekly hours, after the notice', async () => {
    expect((await putSettings(site.app, owner)).statusCode).toBe(200);
    const answer = await slots(site.app, '2026-06-01', '2026-06-02');
    expect(answer.statusCode).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-store');
    const body = answer.json() as { timeZone: string; slots: { start: string; end: string }[] };
    expect(body.timeZone).toBe('America/New_York');
    // Monday's hours are inside the 12-hour notice from 08:00; Tuesday has 4 + 6 slots.
    expect(body.slots.map((slot) => inNewYork(slot.start).slice(11))).toEqual(['09:00', '09:45', '10:30', '11:15', '13:00', '13:45', '14:30', '15:15', '16:00']);
    expect(body.slots[0]).toEqual({ start: nyJune('2026-06-02', '09:00'), end: nyJune('2026-06-02', '09:30') });
    expect((await slots(site.app, '2026-06-05', '2026-06-01')).statusCode).toBe(400);
    expect((await slots(site.app, '2026-06-01', '2026-09-01')).statusCode).toBe(400);
    expect((await site.app.inject({ method: 'GET', url: '/api/booking/slots?from=June&to=2026-06-02' })).statusCode).toBe(400);
  });

  it('books a slot: 201, an invitation to each side, a message in the inbox, the slot gone', async () => {
    await putSettings(site.app, owner);
    const start = nyJune('2026-06-02', '09:45');
    const answer = await book(site.app, start, { timeZone: 'Europe/Berlin' });
    expect(answer.statusCode).toBe(201);
    const booked = answer.json() as { id: string; start: string; end: string };
    expect(booked).toEqual({ id: expect.any(String), start, end: nyJune('2026-06-02', '10:15') });

    const first = await smtp.mail(1);
    const second = await smtp.mail(2);
    const [visitorMail, ownerMail] = first.to[0] === VISITOR.email ? [first, second] : [second, first];
    expect(ownerMail!.to).toEqual(['hello@larkspur.example']);
    for (const mail of [visitorMail!, ownerMail!]) {
      const invite = await invitationIn(mail);
      expect(invite.contentType).toMatch(/text\/calendar; charset=utf-8; method=REQUEST/i);
      expect(invite.method).toBe('REQUEST');
      expect(invite.event.uid).toBe(`${booked.id}@larkspur.example`);
      expect(invite.event.start.toISOString()).toBe(start);
      expect(invite.event.end?.toISOString()).toBe(booked.end);
      expect(invite.raw).toMatch(/^DTSTART:20260602T134500Z\r?$/m);
      expect(invite.raw).toMatch(/^DTEND:20260602T141500Z\r?$/m);
      expect(String(invite.event.summary)).toBe('Call with Larkspur Web Studio');
      expect(String(invite.event.location)).toBe(SETTINGS.location);
      expect(invite.raw).toMatch(/^ORGANIZER;CN="Larkspur Web Studio":mailto:hello@larkspur\.example\r?$/m);
      expect(invite.raw).toMatch(/^ATTENDEE;.*CN="Ana Souza".*:MAILTO:ana@bakery\.example\r?$/im);
      expect(Number(invite.event.sequence ?? 0)).toBe(0);
    }
    // The visitor reads the time in their own zone, with the link to change it.
    expect(visitorMail!.decoded).toContain('Tuesday, June 2, 2026, 3:45 PM');
    // The link's token: 32 random bytes, in no other mail and nowhere in the database.
    expect(manageLinkIn(visitorMail!)).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(visitorMail!.decoded).toContain('https://larkspur.example/book/manage/');

    const inbox = await listMessages(site.app, owner);
    expect(inbox).toHaveLength(1);
    expect(inbox[0]).toMatchObject({ name: VISITOR.name, email: VISITOR.email, folder: 'inbox', delivery: 'none' });
    expect(inbox[0]!.message).toBe(`Booked a call on the booking page for Tuesday, June 2, 2026, 9:45 AM (America/New_York).\n\n${VISITOR.message}`);

    const left = (await slots(site.app, '2026-06-02', '2026-06-02')).json() as { slots: { start: string }[] };
    expect(left.slots.map((slot) => inNewYork(slot.start).slice(11))).toEqual(['09:00', '10:30', '11:15', '13:00', '13:45', '14:30', '15:15', '16:00']);
    // The token is stored as its hash only.
    const rows = await site.app.database.db.selectFrom('bookings').select('token_hash').execute();
    expect(rows[0]!.token_hash).toMatch(/^[0-9a-f]{64}$/);
    expect(rows[0]!.token_hash).not.toBe(manageLinkIn(visitorMail!));
  });

  it.each([
    ['outside the weekly hours', nyJune('2026-06-02', '08:00'), 400],
    ['off the slots’ grid', nyJune('2026-06-02', '09:10'), 400],
    ['in the past', nyJune('2026-05-29', '09:00'), 400],
    ['inside the notice', nyJune('2026-06-01', '16:00'), 400],
    ['past the horizon', nyJune('2026-07-06', '09:00'), 400],
    ['that is not a time', 'tomorrow at nine', 400],
  ])('refuses a start %s', async (_label, start, status) => {
    await putSettings(site.app, owner);
    const answer = await book(site.app, start);
    expect(answer.statusCode).toBe(status);
    expect(answer.json()).toEqual({ message: expect.any(String) });
    expect(await site.app.database.db.selectFrom('bookings').selectAll().execute()).toEqual([]);
  });

  it('refuses a field the contact form refuses, and drops a robot’s booking with the same answer', async () => {
    await putSettings(site.app, owner);
    const bad = await book(site.app, nyJune('2026-06-02', '09:00'), { email: 'not-an-address' });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ message: 'Please enter a valid email address.' });
    const robot = await book(site.app, nyJune('2026-06-02', '09:00'), { website: 'https://spam.example' });
    expect(robot.statusCode).toBe(201);
    const hasty = await site.app.inject({ method: 'POST', url: '/api/bookings', payload: { ...VISITOR, start: nyJune('2026-06-02', '09:00'), startToken: (await site.app.inject({ method: 'GET', url: '/api/booking/form' })).json().startToken } });
    expect(hasty.statusCode).toBe(201);
    expect(await site.app.database.db.selectFrom('bookings').selectAll().execute()).toEqual([]);
    expect((await slots(site.app, '2026-06-02', '2026-06-02')).json().slots).toHaveLength(9);
  });

  it('answers 409 for a slot another visitor has, and 409 to one of two visitors racing on two instances', async () => {
    await putSettings(site.app, owner);
    const start = nyJune('2026-06-03', '13:00');
    expect((await book(site.app, start)).statusCode).toBe(201);
    const again = await book(site.app, start, { email: 'second@example.com' }, '10.0.0.2');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(TAKEN);

    const other = await site.another();
    const raced = nyJune('2026-06-04', '09:00');
    const [tokenA, tokenB] = [await formToken(site.app), await formToken(other)];
    const send = (app: typeof other, token: string, email: string, address: string) =>
      app.inject({ method: 'POST', url: '/api/bookings', remoteAddress: address, payload: { ...VISITOR, email, start: raced, startToken: token } });
    const answers = await Promise.all([send(site.app, tokenA, 'a@example.com', '10.0.0.3'), send(other, tokenB, 'b@example.com', '10.0.0.4')]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([201, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json()).toEqual(TAKEN);
    const rows = await site.app.database.db.selectFrom('bookings').select('start_at').where('start_at', '=', raced).execute();
    expect(rows).toHaveLength(1);
  });

  it('reschedules from the manage link (same UID, higher SEQUENCE) and cancels (METHOD:CANCEL)', async () => {
    await putSettings(site.app, owner);
    const booked = (await book(site.app, nyJune('2026-06-02', '09:00'))).json() as { id: string };
    const visitorMail = (await Promise.all([smtp.mail(1), smtp.mail(2)])).find((mail) => mail.to[0] === VISITOR.email)!;
    const token = manageLinkIn(visitorMail);

    const seen = await site.app.inject({ method: 'GET', url: `/api/bookings/manage/${token}` });
    expect(seen.json()).toEqual({ start: nyJune('2026-06-02', '09:00'), end: nyJune('2026-06-02', '09:30'), name: VISITOR.name, cancelled: false, timeZone: 'America/New_York' });
    expect((await site.app.inject({ method: 'GET', url: `/api/bookings/manage/${'x'.repeat(43)}` })).statusCode).toBe(404);

    const offGrid = await site.app.inject({ method: 'POST', url: `/api/bookings/manage/${token}/reschedule`, payload: { start: nyJune('2026-06-03', '09:05') } });
    expect(offGrid.statusCode).toBe(400);
    const moved = await site.app.inject({ method: 'POST', url: `/api/bookings/manage/${token}/reschedule`, payload: { start: nyJune('2026-06-03', '10:30') } });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toEqual({ id: booked.id, start: nyJune('2026-06-03', '10:30'), end: nyJune('2026-06-03', '11:00') });
    const movedMail = (await Promise.all([smtp.mail(3), smtp.mail(4)])).find((mail) => mail.to[0] === VISITOR.email)!;
    // The move's mail carries the same link: one random token per booking, its hash stored.
    expect(manageLinkIn(movedMail)).toBe(token);
    const update = await invitationIn(movedMail);
    expect(update.method).toBe('REQUEST');
    expect(update.event.uid).toBe(`${booked.id}@larkspur.example`);
    expect(Number(update.event.sequence)).toBe(1);
    expect(update.event.start.toISOString()).toBe(nyJune('2026-06-03', '10:30'));
    // The old time is free again, the new one is not.
    const tuesday = (await slots(site.app, '2026-06-02', '2026-06-03')).json().slots as { start: string }[];
    expect(tuesday.map((slot) => slot.start)).toContain(nyJune('2026-06-02', '09:00'));
    expect(tuesday.map((slot) => slot.start)).not.toContain(nyJune('2026-06-03', '10:30'));

    const cancelled = await site.app.inject({ method: 'POST', url: `/api/bookings/manage/${token}/cancel` });
    expect(cancelled.statusCode).toBe(200);
    const mails = await Promise.all([smtp.mail(5), smtp.mail(6)]);
    for (const mail of mails) {
      const cancel = await invitationIn(mail);
      expect(cancel.contentType).toMatch(/method=CANCEL/i);
      expect(cancel.method).toBe('CANCEL');
      expect(cancel.event.uid).toBe(`${booked.id}@larkspur.example`);
      expect(String(cancel.event.status)).toBe('CANCELLED');
    }
    expect((await site.app.inject({ method: 'POST', url: `/api/bookings/manage/${token}/cancel` })).statusCode).toBe(409);
    expect((await site.app.inject({ method: 'GET', url: `/api/bookings/manage/${token}` })).json()).toMatchObject({ cancelled: true });
  });

  it('lists upcoming and past bookings for the owner, who cancels one with a message', async () => {
    await putSettings(site.app, owner);
    const booked = (await book(site.app, nyJune('2026-06-02', '13:00'))).json() as { id: string };
    expect((await site.app.inject({ method: 'GET', url: '/api/bookings' })).statusCode).toBe(401);
    const upcoming = await site.app.inject({ method: 'GET', url: '/api/bookings?when=upcoming', headers: owner });
    expect(upcoming.json()).toEqual([expect.objectContaining({ id: booked.id, name: VISITOR.name, state: 'upcoming', cancelledAt: null })]);
    setClock(site.app, new Date('2026-06-03T12:00:00Z'));
    expect((await site.app.inject({ method: 'GET', url: '/api/bookings?when=past', headers: owner })).json()).toEqual([expect.objectContaining({ id: booked.id, state: 'past' })]);
    expect((await site.app.inject({ method: 'GET', url: '/api/bookings?when=upcoming', headers: owner })).json()).toEqual([]);
    setClock(site.app, NOW);

    const cancel = await site.app.inject({ method: 'POST', url: `/api/bookings/${booked.id}/cancel`, headers: owner, payload: { message: 'Sorry, I am ill that day. Please book another time.' } });
    expect(cancel.statusCode).toBe(200);
    expect(cancel.json()).toMatchObject({ state: 'cancelled', cancelledBy: 'owner' });
    const mails = await Promise.all([smtp.mail(3), smtp.mail(4)]);
    const toVisitor = mails.find((mail) => mail.to[0] === VISITOR.email)!;
    expect(toVisitor.decoded).toContain('Sorry, I am ill that day. Please book another time.');
    expect((await invitationIn(toVisitor)).method).toBe('CANCEL');
    expect((await site.app.inject({ method: 'POST', url: '/api/bookings/nope/cancel', headers: owner, payload: { message: '' } })).statusCode).toBe(404);
  });

  it('sends the reminder 24 hours before, once across two instances', async () => {
    await putSettings(site.app, owner);
    await book(site.app, nyJune('2026-06-04', '09:00'));
    await Promise.all([smtp.mail(1), smtp.mail(2)]);
    const other = await site.another();
    const dayBefore = new Date(Date.parse(nyJune('2026-06-03', '09:00')) + 1000);
    setClock(site.app, new Date(dayBefore.getTime() - 120_000));
    await site.app.booking.mails.poke();
    expect(smtp.mails).toHaveLength(2);
    setClock(site.app, dayBefore);
    setClock(other, dayBefore);
    await Promise.all([site.app.booking.mails.poke(), other.booking.mails.poke(), site.app.booking.mails.poke()]);
    const reminder = await smtp.mail(3);
    expect(reminder.to).toEqual([VISITOR.email]);
    expect(reminder.decoded).toContain('A reminder: your call with Larkspur Web Studio is Thursday, June 4, 2026, 9:00 AM');
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(smtp.mails).toHaveLength(3);
  });
});

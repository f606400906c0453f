import { engines } from '../support/engines';
import { CalendarServer, inNewYork, putSettings, setClock, slots, startBookingSite, type BookingSite, NOW, book, nyJune } from './booking-helpers';
import { ownerHeaders } from './contact-helpers';

type Answer = { slots: { start: string }[] };
const times = (answer: Answer, day: string) => answer.slots.filter((slot) => inNewYork(slot.start).startsWith(day)).map((slot) => inNewYork(slot.start).slice(11));
const ALL_DAY = ['09:00', '09:45', '10:30', '11:15', '13:00', '13:45', '14:30', '15:15', '16:00'];

describe.each(engines())('busy calendars on $name', ({ env }) => {
  let calendars: CalendarServer;
  let site: BookingSite;
  let owner: Record<string, string>;

  beforeEach(async () => {
    calendars = await new CalendarServer().start();
    site = await startBookingSite(env, {}, { calendarTimeoutMs: 1500 });
    owner = await ownerHeaders(site.app);
  });
  afterEach(async () => {
    await site.close();
    await calendars.stop();
  });

  async function useCalendars(...names: string[]) {
    const urls = names.map((name) => `${calendars.base}/${name}`);
    expect((await putSettings(site.app, owner, { busyCalendars: urls })).statusCode).toBe(200);
    await site.app.booking.calendars.refresh(urls);
    return urls;
  }

  it('keeps every busy event of a real .ics out: recurring with EXDATE and a moved occurrence, all-day; not cancelled or free ones', async () => {
    await useCalendars('owner-busy.ics');
    const answer = (await slots(site.app, '2026-06-02', '2026-06-19')).json() as Answer;
    // The weekly review, 10:00–11:00 with 15 minutes' buffer either side.
    expect(times(answer, '2026-06-02')).toEqual(['09:00', '11:15', '13:00', '13:45', '14:30', '15:15', '16:00']);
    // Its 9 June occurrence is an EXDATE: the whole day is free.
    expect(times(answer, '2026-06-09')).toEqual(ALL_DAY);
    // 16 June's was moved to 15:00–16:00 (RECURRENCE-ID).
    expect(times(answer, '2026-06-16')).toEqual(['09:00', '09:45', '10:30', '11:15', '13:00', '13:45']);
    // A cancelled workshop and time shown as free keep Thursday open; the all-day offsite closes Friday.
    expect(times(answer, '2026-06-04')).toEqual(ALL_DAY);
    expect(times(answer, '2026-06-05')).toEqual([]);

    const state = (await site.app.inject({ method: 'GET', url: '/api/booking/settings', headers: owner })).json() as { calendars: Array<Record<string, unknown>> };
    expect(state.calendars).toEqual([{ url: `${calendars.base}/owner-busy.ics`, fetchedAt: NOW.toISOString(), events: expect.any(Number), error: null, failedAt: null }]);
    // Only the 30 days slots are offered for are read: four reviews (9 June's excluded, 16 June's
    // moved) and the offsite; the reviews of July, past the horizon, are not expanded.
    expect(state.calendars[0]!.events).toBe(5);
  });

  it('refuses a booking over a busy event with 400', async () => {
    await useCalendars('owner-busy.ics');
    const answer = await book(site.app, nyJune('2026-06-02', '10:30'));
    expect(answer.statusCode).toBe(400);
    expect(answer.json()).toEqual({ message: 'That time is not one of the free times. Please choose another.' });
  });

  it('fetches at most every 5 minutes, keeps the last good copy when the address fails, and shows the failure', async () => {
    const [url] = await useCalendars('owner-busy.ics');
    calendars.failing = true;
    // Within 5 minutes nothing is fetched again.
    await site.app.booking.calendars.refresh([url!]);
    let state = (await site.app.inject({ method: 'GET', url: '/api/booking/settings', headers: owner })).json() as { calendars: Array<Record<string, unknown>> };
    expect(state.calendars[0]).toMatchObject({ error: null, failedAt: null });

    setClock(site.app, new Date(NOW.getTime() + 5 * 60_000));
    await site.app.booking.calendars.refresh([url!]);
    state = (await site.app.inject({ method: 'GET', url: '/api/booking/settings', headers: owner })).json() as typeof state;
    expect(state.calendars[0]).toMatchObject({ fetchedAt: NOW.toISOString(), error: 'The calendar server answered 500.', failedAt: new Date(NOW.getTime() + 5 * 60_000).toISOString() });
    // The last good copy still counts.
    expect(times((await slots(site.app, '2026-06-05', '2026-06-05')).json() as Answer, '2026-06-05')).toEqual([]);
  });

  it('gives up on a calendar that does not answer, without holding up the slots', async () => {
    const [url] = await useCalendars('slow.ics');
    const state = (await site.app.inject({ method: 'GET', url: '/api/booking/settings', headers: owner })).json() as { calendars: Array<Record<string, unknown>> };
    expect(state.calendars[0]).toMatchObject({ url, fetchedAt: null, error: 'No answer within 2 seconds.' });
    // A new round starts in the background; the slots answer at once meanwhile.
    setClock(site.app, new Date(NOW.getTime() + 6 * 60_000));
    const began = Date.now();
    const answer = await slots(site.app, '2026-06-02', '2026-06-02');
    expect(answer.statusCode).toBe(200);
    expect(Date.now() - began).toBeLessThan(1000);
    await site.app.booking.calendars.refresh([url!]);
  });

  it('refuses a 50 MB answer once past the size bound', async () => {
    const [url] = await useCalendars('huge.ics');
    const state = (await site.app.inject({ method: 'GET', url: '/api/booking/settings', headers: owner })).json() as { calendars: Array<Record<string, unknown>> };
    expect(state.calendars[0]).toMatchObject({ url, fetchedAt: null, error: 'The calendar is larger than 5 MB.' });
    expect((await slots(site.app, '2026-06-02', '2026-06-02')).json().slots).toHaveLength(9);
  });
});

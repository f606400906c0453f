import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { simpleParser } from 'mailparser';
import ical, { type VEvent } from 'node-ical';
import { buildApp } from '../../src/server/app';
import type { BookingSettings } from '../../src/shared/booking';
import type { Config } from '../../src/server/config';
import { removeDataDir, testConfig } from '../support/test-config';
import { randomBytes } from 'node:crypto';
import type { ReceivedMail } from './smtp-receiver';

/** Monday 1 June 2026, 08:00 in New York: the tests' "now". */
export const NOW = new Date('2026-06-01T12:00:00Z');

export const SETTINGS: BookingSettings = {
  enabled: true,
  timeZone: 'America/New_York',
  lengthMinutes: 30,
  bufferMinutes: 15,
  noticeHours: 12,
  horizonDays: 30,
  weekly: { mon: [['09:00', '12:00'], ['13:00', '17:00']], tue: [['09:00', '12:00'], ['13:00', '17:00']], wed: [['09:00', '12:00'], ['13:00', '17:00']], thu: [['09:00', '12:00'], ['13:00', '17:00']], fri: [['09:00', '12:00'], ['13:00', '17:00']], sat: [], sun: [] },
  busyCalendars: [],
  location: 'Video call: link in the invitation',
};

export const VISITOR = { name: 'Ana Souza', email: 'ana@bakery.example', message: 'A new site for our bakery.' };

export interface BookingSite {
  app: FastifyInstance;
  config: Config;
  /** Another instance on the same database, built on demand. */
  another(): Promise<FastifyInstance>;
  close(): Promise<void>;
}

export async function startBookingSite(engineEnv: Record<string, string>, env: Record<string, string> = {}, options: { calendarTimeoutMs?: number } = {}): Promise<BookingSite> {
  const schema = engineEnv.DATABASE_SCHEMA ? `${engineEnv.DATABASE_SCHEMA}_${randomBytes(4).toString('hex')}` : undefined;
  const config = testConfig({ ...engineEnv, ...(schema ? { DATABASE_SCHEMA: schema } : {}), CONTACT_DELIVERY: 'server', ...env });
  const build = async () => {
    const app = await buildApp(config, { booking: { allowLoopbackHttpCalendars: true, ...options } });
    setClock(app, NOW);
    await app.ready();
    return app;
  };
  const app = await build();
  const others: FastifyInstance[] = [];
  return {
    app,
    config,
    async another() {
      const other = await build();
      others.push(other);
      return other;
    },
    async close() {
      for (const other of others) await other.close();
      await app.close();
      removeDataDir(config);
    },
  };
}

export function setClock(app: FastifyInstance, at: Date): void {
  app.clock.now = () => at;
}

export async function putSettings(app: FastifyInstance, headers: Record<string, string>, change: Partial<BookingSettings> = {}) {
  return app.inject({ method: 'PUT', url: '/api/booking/settings', headers, payload: { ...SETTINGS, ...change } });
}

/** A start token handed out by the booking form, 4 seconds (a person's pace) before now. */
export async function formToken(app: FastifyInstance): Promise<string> {
  const now = app.clock.now();
  setClock(app, new Date(now.getTime() - 4000));
  const answer = await app.inject({ method: 'GET', url: '/api/booking/form' });
  setClock(app, now);
  if (answer.statusCode !== 200) throw new Error(`booking form answered ${answer.statusCode}: ${answer.body}`);
  return (answer.json() as { startToken: string }).startToken;
}

export async function book(app: FastifyInstance, start: string, fields: Record<string, unknown> = {}, remoteAddress = '127.0.0.1') {
  const startToken = await formToken(app);
  return app.inject({ method: 'POST', url: '/api/bookings', remoteAddress, payload: { ...VISITOR, start, website: '', startToken, ...fields } });
}

export async function slots(app: FastifyInstance, from: string, to: string) {
  return app.inject({ method: 'GET', url: `/api/booking/slots?from=${from}&to=${to}` });
}

/** The wall-clock time in New York of an ISO instant, `YYYY-MM-DD HH:mm`. */
export function inNewYork(iso: string): string {
  return new Date(iso).toLocaleString('sv-SE', { timeZone: 'America/New_York' }).slice(0, 16);
}

/** An instant from New York wall-clock time in June (EDT, UTC-4). */
export const nyJune = (day: string, time: string) => new Date(`${day}T${time}:00-04:00`).toISOString();

/** The invitation a received mail carries, read back by a real iCalendar parser. */
export async function invitationIn(mail: ReceivedMail): Promise<{ method: string; contentType: string; event: VEvent; raw: string }> {
  const parsed = await simpleParser(mail.raw);
  const part = parsed.attachments.find((attachment) => attachment.contentType === 'text/calendar');
  if (!part) throw new Error(`no text/calendar part in mail:\n${mail.raw}`);
  // Unfolded (RFC 5545 3.1): long lines continue on the next after a space.
  const raw = part.content.toString('utf8').replace(/\r?\n[ \t]/g, '');
  const calendar = ical.sync.parseICS(raw);
  const event = Object.values(calendar).find((component) => component?.type === 'VEVENT') as VEvent;
  const method = (calendar.vcalendar as { method?: string } | undefined)?.method ?? /^METHOD:(\w+)/m.exec(raw)?.[1] ?? '';
  const header = /^Content-Type: text\/calendar[^\r\n]*/im.exec(mail.raw)?.[0] ?? '';
  return { method, contentType: header, event, raw };
}

/** The manage link a visitor's mail carries. */
export function manageLinkIn(mail: ReceivedMail): string {
  const match = /https?:\/\/[^\s"<>]+\/book\/manage\/([A-Za-z0-9_-]+)/.exec(mail.decoded);
  if (!match) throw new Error(`no manage link in mail:\n${mail.raw}`);
  return match[1]!;
}

/** A local calendar server: real .ics files, a slow one, a huge one and a broken one. */
export class CalendarServer {
  private readonly server = http.createServer((request, response) => this.answer(request, response));
  base = '';
  failing = false;

  async start(): Promise<this> {
    await new Promise<void>((resolve) => this.server.listen(0, '127.0.0.1', resolve));
    this.base = `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
    return this;
  }

  stop(): Promise<void> {
    this.server.closeAllConnections();
    return new Promise((resolve) => this.server.close(() => resolve()));
  }

  private answer(request: http.IncomingMessage, response: http.ServerResponse): void {
    const name = (request.url ?? '/').slice(1);
    if (name === 'slow.ics') return; // never answers
    if (name === 'huge.ics') {
      // 50 MB, sent as fast as it is read, with no length announced.
      response.writeHead(200, { 'content-type': 'text/calendar' });
      const chunk = Buffer.alloc(1024 * 1024, 'X');
      let sent = 0;
      const pump = () => {
        while (sent < 50) {
          sent++;
          if (!response.write(chunk)) return void response.once('drain', pump);
        }
        response.end();
      };
      response.on('error', () => undefined);
      return pump();
    }
    if (this.failing || name === 'broken.ics') {
      response.writeHead(500).end('down');
      return;
    }
    const file = path.join(__dirname, '..', 'fixtures', 'calendars', name);
    if (!/^[a-z0-9-]+\.ics$/.test(name) || !fs.existsSync(file)) {
      response.writeHead(404).end();
      return;
    }
    response.writeHead(200, { 'content-type': 'text/calendar; charset=utf-8' }).end(fs.readFileSync(file));
  }
}

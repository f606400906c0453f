import type { Response } from 'undici';
import { publicFetch, refusedAsNonPublic } from '../http/public-address-fetch';
import { calendarAddressProblem } from './calendar-address';

/** A busy calendar larger than this is refused: a real one is a few hundred kilobytes. */
const MAX_CALENDAR_BYTES = 5 * 1024 * 1024;
/** A calendar server slower than this is given up on for this round. */
const CALENDAR_TIMEOUT_MS = 10_000;
const MAX_REDIRECTS = 3;

export interface FetchRules {
  allowLoopbackHttp: boolean;
  timeoutMs?: number;
  maxBytes?: number;
}

/**
 * The text of an iCalendar address, read with a deadline and a size bound. Redirects are followed
 * by hand, so that each hop passes the same address check (no redirect to plain http or to
 * another scheme); every connection is made only to a public address, checked on the address the
 * name resolved to (no calendar address reaches this machine or the private network); the body
 * is read in chunks and abandoned the moment it passes the bound.
 */
export async function fetchCalendar(address: string, rules: FetchRules): Promise<string> {
  const maxBytes = rules.maxBytes ?? MAX_CALENDAR_BYTES;
  const signal = AbortSignal.timeout(rules.timeoutMs ?? CALENDAR_TIMEOUT_MS);
  let url = address;
  for (let hop = 0; ; hop++) {
    const problem = calendarAddressProblem(url, rules.allowLoopbackHttp);
    if (problem) throw new Error(`The address ${problem}.`);
    let response: Response;
    try {
      response = await publicFetch(url, { redirect: 'manual', signal, headers: { accept: 'text/calendar, */*;q=0.5' } }, { allowLoopback: rules.allowLoopbackHttp });
    } catch (error) {
      if (refusedAsNonPublic(error)) throw new Error('The address is not on the public internet.');
      throw new Error(signal.aborted ? `No answer within ${Math.round((rules.timeoutMs ?? CALENDAR_TIMEOUT_MS) / 1000)} seconds.` : `Could not connect (${reason(error)}).`);
    }
    const location = response.headers.get('location');
    if (response.status >= 300 && response.status < 400 && location) {
      await response.body?.cancel();
      if (hop >= MAX_REDIRECTS) throw new Error('Too many redirects.');
      url = new URL(location, url).toString();
      continue;
    }
    if (!response.ok) {
      await response.body?.cancel();
      throw new Error(`The calendar server answered ${response.status}.`);
    }
    const declared = Number(response.headers.get('content-length') ?? '0');
    if (declared > maxBytes) {
      await response.body?.cancel();
      throw new Error(tooLarge(maxBytes));
    }
    return await readBounded(response, maxBytes, signal);
  }
}

async function readBounded(response: Response, maxBytes: number, signal: AbortSignal): Promise<string> {
  if (!response.body) return '';
  const reader = response.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) break;
      size += value.byteLength;
      if (size > maxBytes) {
        await reader.cancel();
        throw new Error(tooLarge(maxBytes));
      }
      chunks.push(value);
    }
  } catch (error) {
    if (signal.aborted) throw new Error('The calendar took too long to arrive.');
    throw error;
  }
  const text = Buffer.concat(chunks).toString('utf8');
  if (!text.includes('BEGIN:VCALENDAR')) throw new Error('The answer is not an iCalendar file.');
  return text;
}

const tooLarge = (maxBytes: number) => `The calendar is larger than ${Math.round(maxBytes / 1024 / 1024)} MB.`;
const reason = (error: unknown) => (error instanceof Error && error.cause instanceof Error ? error.cause.message : error instanceof Error ? error.message : String(error));

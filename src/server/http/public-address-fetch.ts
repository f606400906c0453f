import dns, { type LookupAddress, type LookupOptions } from 'node:dns';
import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';
import type { buildConnector, Dispatcher, RequestInit, Response } from 'undici';

/** A lookup as `net.connect` calls it: one address, or every address when `options.all`. */
export type Lookup = (hostname: string, options: LookupOptions, callback: (error: NodeJS.ErrnoException | null, address: string | LookupAddress[], family?: number) => void) => void;

export interface PublicAddressOptions {
  /** Lets loopback addresses through (127.0.0.0/8, ::1): the tests' own servers. Private ranges stay refused. */
  allowLoopback?: boolean;
  /** Where names are resolved (the system's resolver); tests hand in one that answers what they need. */
  lookup?: Lookup;
}

/** The error a refused connection fails with; `fetch` reports it as its cause. */
class NonPublicAddressError extends Error {
  readonly code = 'ERR_NON_PUBLIC_ADDRESS';
  constructor(readonly address: string) {
    super(`${address} is not a public address`);
  }
}

/**
 * Whether a server at `address` may be reached from here: only the public unicast space. Read
 * after `ipaddr.process`, so an IPv4 address written as IPv6 (::ffff:127.0.0.1) counts as the
 * IPv4 address it is; loopback, private, link-local (169.254.169.254, the cloud's metadata),
 * unique-local (fc00::/7), carrier-grade NAT, multicast, reserved and the rest are refused.
 */
export function isPublicAddress(address: string, { allowLoopback = false }: Pick<PublicAddressOptions, 'allowLoopback'> = {}): boolean {
  if (!ipaddr.isValid(address)) return false;
  const range = ipaddr.process(address).range();
  return range === 'unicast' || (allowLoopback && range === 'loopback');
}

/**
 * An undici dispatcher that connects only to public addresses. The check is made on the address
 * the socket is about to connect to, after the name is resolved, at every connection: a
 * redirect, or a name that resolves elsewhere the second time it is asked (DNS rebinding),
 * cannot reach this machine or the private network behind it. An address written in the URL
 * (never resolved) is checked as it is.
 */
export async function publicDispatcher(options: PublicAddressOptions = {}): Promise<Dispatcher> {
  const { Agent, buildConnector } = await loadUndici();
  const resolve: Lookup = options.lookup ?? (dns.lookup as unknown as Lookup);
  const lookup: Lookup = (hostname, lookupOptions, callback) => {
    resolve(hostname, lookupOptions, (error, address, family) => {
      if (error) return callback(error, address, family);
      const all = Array.isArray(address) ? address : [{ address, family: family ?? isIP(address) }];
      const refused = all.find((entry) => !isPublicAddress(entry.address, options));
      if (refused || all.length === 0) return callback(new NonPublicAddressError(refused?.address ?? hostname), address, family);
      callback(null, address, family);
    });
  };
  const connector = buildConnector({ lookup } as buildConnector.BuildOptions);
  return new Agent({
    connect(connectOptions, callback) {
      // net.connect skips the lookup for an address literal: that one is checked here.
      const literal = connectOptions.hostname.replace(/^\[(.*)\]$/, '$1');
      if (isIP(literal) && !isPublicAddress(literal, options)) return callback(new NonPublicAddressError(literal), null);
      connector(connectOptions, callback);
    },
  });
}

let undici: Promise<typeof import('undici')> | undefined;

/**
 * undici, loaded at first use: the client's test suites build the whole app in jsdom, which
 * lacks globals undici reads as it loads (MessagePort).
 */
function loadUndici(): Promise<typeof import('undici')> {
  undici ??= import('undici');
  return undici;
}

const shared = new Map<boolean, Promise<Dispatcher>>();

/** `fetch` through a public-only dispatcher (one per allowance, kept for the process's life). */
export async function publicFetch(url: string | URL, init: RequestInit = {}, { allowLoopback = false }: Pick<PublicAddressOptions, 'allowLoopback'> = {}): Promise<Response> {
  const { fetch } = await loadUndici();
  let dispatcher = shared.get(allowLoopback);
  if (!dispatcher) {
    dispatcher = publicDispatcher({ allowLoopback });
    shared.set(allowLoopback, dispatcher);
  }
  return fetch(url, { ...init, dispatcher: await dispatcher });
}

/** Whether a failed fetch was refused by the address check (its cause, or the cause's cause). */
export function refusedAsNonPublic(error: unknown): boolean {
  for (let cause = error; cause instanceof Error; cause = cause.cause) if (cause instanceof NonPublicAddressError) return true;
  return false;
}

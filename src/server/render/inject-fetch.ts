import type { FastifyInstance } from 'fastify';

/**
 * A fetch that answers from this very server through `inject`, so that server rendering reaches
 * the API without a network round trip or knowing its own address.
 */
export function injectFetch(app: FastifyInstance): typeof fetch {
  return async (input, init) => {
    // RTK Query hands over a Request ready to go: copying it (headers, abort signal) for nothing
    // was a measurable part of an uncached render.
    const request = input instanceof Request && init === undefined ? input : new Request(input, init);
    const url = new URL(request.url);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : undefined;
    const response = await app.inject({
      method: request.method as 'GET',
      url: url.pathname + url.search,
      headers: Object.fromEntries(request.headers),
      ...(body ? { payload: body } : {}),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(response.headers)) {
      if (value === undefined) continue;
      for (const item of Array.isArray(value) ? value : [value]) headers.append(name, String(item));
    }
    const empty = response.statusCode === 204 || response.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(response.rawPayload), { status: response.statusCode, headers });
  };
}

/** The base address the server's store uses with `injectFetch`; it never leaves the process. */
export const INJECT_BASE_URL = 'http://in-process.invalid';

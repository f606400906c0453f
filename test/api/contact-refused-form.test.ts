import fs from 'node:fs';
import { RENDER_CONCURRENCY, RENDERS_WAITING } from '../../src/server/cache/content-cache';
import { startSite, type TestSite } from './accounts-helpers';
import { startForm, VISITOR } from './contact-helpers';

// The contact form refused without JavaScript is a page rendered for each post: it costs what
// any render costs, so it waits in the pages' one bounded line, and a client past its hour's
// share of messages gets none.

describe('the contact form refused for its fields', () => {
  let site: TestSite;
  beforeEach(async () => {
    site = await startSite({}, { CONTACT_DELIVERY: 'server' });
  });
  afterEach(() => site.close());

  const postForm = (fields: Record<string, string>, remoteAddress: string) =>
    site.app.inject({
      method: 'POST',
      url: '/api/contact',
      remoteAddress,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: new URLSearchParams(fields).toString(),
    });
  const refusedFields = async () => ({ ...VISITOR, email: 'not an address', website: '', startToken: await startForm(site.app) });

  it('is rendered in the line of page renders: with the line full it answers 503 with Retry-After', async () => {
    const queue = site.app.contentCache.renders;
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const filling = Array.from({ length: RENDER_CONCURRENCY + RENDERS_WAITING }, (_, n) => queue.run(`/held-${n}`, () => held, { share: false }));
    try {
      const busy = await postForm(await refusedFields(), '203.0.113.40');
      expect(busy.statusCode).toBe(503);
      expect(busy.headers['retry-after']).toBe('5');
      expect(busy.json()).toEqual({ message: 'The site is busy right now. Please try again in a few seconds.' });
    } finally {
      release();
      await Promise.all(filling);
    }
    expect((await postForm(await refusedFields(), '203.0.113.40')).statusCode).toBe(400);
  });

  it("counts the client before rendering: past its hour's 5 messages a refused form is not rendered (429)", async () => {
    const render = jest.spyOn(site.app.pageRenderer, 'render');
    try {
      for (let n = 1; n <= 5; n++) expect((await postForm(await refusedFields(), '203.0.113.41')).statusCode).toBe(400);
      expect(render).toHaveBeenCalledTimes(5);
      const refused = await postForm(await refusedFields(), '203.0.113.41');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toEqual({ message: 'Too many messages from this address. Please try again later.' });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(3000);
      expect(render).toHaveBeenCalledTimes(5);
      // Another client is rendered its page.
      expect((await postForm(await refusedFields(), '203.0.113.42')).statusCode).toBe(400);
    } finally {
      render.mockRestore();
    }
  });

  it('reads the asset manifest once, not for each refusal', async () => {
    const read = jest.spyOn(fs, 'readFileSync');
    try {
      for (let n = 0; n < 3; n++) expect((await postForm(await refusedFields(), `203.0.113.${50 + n}`)).statusCode).toBe(400);
      expect(read.mock.calls.filter(([file]) => String(file).endsWith('manifest.json'))).toEqual([]);
    } finally {
      read.mockRestore();
    }
  });
});

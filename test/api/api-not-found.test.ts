import { usePostsTestApp } from '../support/posts-api';

// Paths under /api that no route answers: a JSON 404 a client can read, never the site's HTML
// not-found page (which the API's Content-Security-Policy would show unstyled).
describe('an unknown API path', () => {
  const fixture = usePostsTestApp({});

  it.each([
    ['GET', '/api'],
    ['GET', '/api/'],
    ['GET', '/api/no-such-thing'],
    ['GET', '/api/posts/a/b/c'],
    ['GET', '/api/contact/nothing'],
    ['GET', '/api/events/nothing'],
    ['POST', '/api/'],
    ['DELETE', '/api/no-such-thing'],
    ['HEAD', '/api/'],
  ])('%s %s answers JSON { message } 404', async (method, url) => {
    const response = await fixture.app.inject({ method: method as 'GET', url });
    expect([response.statusCode, response.headers['content-type']]).toEqual([404, expect.stringMatching(/^application\/json/)]);
    if (method !== 'HEAD') expect(response.json()).toEqual({ message: expect.any(String) });
  });

  it('leaves pages that merely start with the same letters to the site', async () => {
    const response = await fixture.app.inject({ method: 'GET', url: '/apiary' });
    expect(response.headers['content-type']).toMatch(/^text\/html/);
  });
});

// Fills a running server through its own API, as the administrator would.
const PASSWORD = 'measuring-tape-lighthouse-42';

/** Registers the first account (the administrator) and signs in; returns the bearer token. */
export async function adminToken(baseUrl, email = 'owner@larkspur.example') {
  await fetch(`${baseUrl}/api/auth/register`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const response = await fetch(`${baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password: PASSWORD }),
  });
  const body = await response.json();
  if (!response.ok || !body.token) throw new Error(`Sign-in failed: ${response.status} ${JSON.stringify(body)}`);
  return body.token;
}

/** Creates a post; `image` is an optional { bytes, type, name }, `tags` an optional list of names. Returns the API's post. */
export async function createPost(baseUrl, token, { title, body, image, status, tags }) {
  const form = new FormData();
  form.append('title', title);
  form.append('body', body);
  if (status) form.append('status', status);
  if (tags) form.append('tags', tags.join(','));
  if (image) form.append('image', new Blob([image.bytes], { type: image.type }), image.name);
  const response = await fetch(`${baseUrl}/api/posts`, { method: 'POST', headers: { authorization: `Bearer ${token}` }, body: form });
  const post = await response.json();
  if (!response.ok) throw new Error(`Creating a post failed: ${response.status} ${JSON.stringify(post)}`);
  return post;
}

export const samplePostBody = `Small businesses win online when their website loads fast, reads well on a phone and answers the questions customers actually ask.

## What we check first

- How long the first screen takes on a mid-range phone
- Whether every page has a clear next step
- Which pages search engines can and cannot see

| Metric | Target |
| --- | --- |
| Largest Contentful Paint | under 2.5 s |
| Cumulative Layout Shift | under 0.1 |

Read more at https://web.dev and keep your pages ~~heavy~~ light.[^1]

[^1]: Measured on a throttled mobile profile.
`;

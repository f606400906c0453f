// The cluster drill's site publication: the owner renames the site on one instance; the other
// instance, its caches filled first, serves the new name within a second (the live content its
// pages read, and the blog feed titled with it).
import { randomBytes } from 'node:crypto';

const json = (token) => ({ authorization: `Bearer ${token}`, 'content-type': 'application/json' });

/** Publishes a new site name on `one`; answers the milliseconds until `two` shows it (Infinity after `delayUntil`'s 5 s). */
export async function sitePublicationDelay(one, two, token, delayUntil) {
  const showsOnTwo = (name) => async () => {
    const [content, feed] = await Promise.all([fetch(`${two.baseUrl}/api/site/content`).then((response) => response.text()), fetch(`${two.baseUrl}/rss.xml`).then((response) => response.text())]);
    return content.includes(name) && feed.includes(name);
  };
  const state = await (await fetch(`${one.baseUrl}/api/site`, { headers: json(token) })).json();
  await showsOnTwo(state.published.settings.name)(); // fills the other instance's caches
  const name = `Drill Studio ${randomBytes(3).toString('hex')}`;
  const saved = await fetch(`${one.baseUrl}/api/site/draft/settings`, {
    method: 'PUT',
    headers: json(token),
    body: JSON.stringify({ version: state.draftVersion, content: { ...state.draft.settings, name } }),
  });
  if (!saved.ok) throw new Error(`saving the draft answered ${saved.status}: ${await saved.text()}`);
  const { draftVersion } = await saved.json();
  const published = await fetch(`${one.baseUrl}/api/site/publish`, { method: 'POST', headers: json(token), body: JSON.stringify({ version: draftVersion }) });
  if (published.status !== 201) throw new Error(`publishing answered ${published.status}: ${await published.text()}`);
  return delayUntil(showsOnTwo(name));
}

import { engines } from '../support/engines';
import { adminToken, bearer, createPost, sendPostForm } from '../support/posts-api';
import { startSite, type TestSite } from './accounts-helpers';
import { homeView, report, sendEvent } from './insights-helpers';

const postView = (slug: string) => ({ kind: 'view', path: `/blog/${slug}`, type: 'post', device: 'mobile' });

describe.each(engines())('the paths events may name, on $name', ({ env }) => {
  let site: TestSite;
  let token: string;

  beforeEach(async () => {
    site = await startSite(env);
    token = await adminToken(site.app);
  });
  afterEach(() => site.close());

  const refused = async (event: unknown) => {
    const answer = await sendEvent(site.app, event);
    expect([answer.statusCode, answer.json()]).toEqual([400, { message: expect.any(String) }]);
  };

  it.each([
    ['a post that does not exist', postView('no-such-post')],
    ['a path the route table does not serve', { ...homeView, path: '/nope' }],
    ['a service page the site does not have', { ...homeView, path: '/services/nope', type: 'service' }],
    ['a tag no post carries', { ...homeView, path: '/blog/tag/nothing', type: 'tag' }],
    ['a case study that does not exist', { ...homeView, path: '/portfolio/no-such-work', type: 'case-study' }],
    ['a path that does not decode', postView('%E0%A4%A')],
    ['a lone percent sign', { ...homeView, path: '/%' }],
    ['a path of absurd length', postView('a'.repeat(400))],
    ['a referrer of absurd length', { ...homeView, ref: `${'a'.repeat(300)}.example` }],
  ])('refuses %s with 400', async (_label, event) => {
    await refused(event);
    await site.app.insights.writer.flush();
    expect(await site.app.insights.repository.count()).toBe(0);
  });

  it('takes a published post’s page and its tags’, refuses a draft’s, and follows publication', async () => {
    const post = await createPost(site.app, token, { title: 'Speed sells', body: 'Fast pages keep readers.', tags: 'Performance' });
    expect((await sendEvent(site.app, postView(post.slug))).statusCode).toBe(202);
    expect((await sendEvent(site.app, { ...homeView, path: '/blog/tag/performance', type: 'tag' })).statusCode).toBe(202);

    const draft = await createPost(site.app, token, { title: 'Not yet', body: 'Soon.', status: 'draft' });
    await refused(postView(draft.slug));
    // Published later: the answer remembered for its path goes with the change.
    const published = await sendPostForm(site.app, 'PUT', `/api/posts/${draft._id}`, token, { title: 'Not yet', body: 'Soon.', status: 'published' });
    expect(published.statusCode).toBe(200);
    expect((await sendEvent(site.app, postView(draft.slug))).statusCode).toBe(202);

    expect((await site.app.inject({ method: 'DELETE', url: `/api/posts/${post._id}`, headers: bearer(token) })).statusCode).toBe(200);
    await refused(postView(post.slug));
  });

  it('takes a published case study’s page', async () => {
    expect((await sendEvent(site.app, { ...homeView, path: '/portfolio/harbourline-bakery', type: 'case-study' })).statusCode).toBe(202);
  });

  it('reports a path kept before such paths were refused without failing', async () => {
    await site.app.insights.repository.insertBatch([
      { day: new Date().toISOString().slice(0, 10), at: new Date().toISOString(), kind: 'view', path: '/blog/%E0%A4%A', page_type: 'post', referrer: null, device: 'mobile', visitor: 'v', lcp: null, inp: null, cls: null },
    ]);
    const week = await report(site.app, bearer(token));
    expect(week.views).toBe(1);
    expect(week.topPosts).toEqual([]);
  });
});

/**
 * @jest-environment-options {"customExportConditions": ["node", "node-addons"]}
 */
// The server renders with react-dom/server's Node build, hence the export conditions above.
import type { Root } from 'react-dom/client';
import { adminToken, createPost } from '../../../test/support/posts-api';
import { withRealApi } from '../../../test/support/real-api';
import type { bootBrowser as BootBrowser } from './boot-browser';
import { publicPagePaths } from './routes';

// The server's HTML for each page, hydrated by the browser's own start-up code in React's
// development build, which reports every difference between the two trees (text, attributes,
// the ids `useId` gives) on the console.

const featurePost = `Press <kbd>Ctrl</kbd>+<kbd>D</kbd> to bookmark this post.

| Metric | Target |
| :--- | ---: |
| Largest Contentful Paint | 2.5 s |

Prices ~~went up~~ stayed the same, see [our services](/services).[^speed]

- [x] Measure first

[^speed]: Measured on a throttled phone profile.
`;

// The blog's list has a test of its own below, with a post to show.
// A seeded case study's page stands for the pages of case studies, which the route table does not list.
const pagePaths = [...publicPagePaths().filter((path) => path !== '/blog'), '/portfolio/harbourline-bakery'];

const api = withRealApi();
let postPath: string;
const served = new Map<string, string>();
let bootBrowser: typeof BootBrowser;
let act: (callback: () => Promise<void>) => Promise<void>;

beforeAll(async () => {
  const post = await createPost(api.app, await adminToken(api.app), { title: 'Every feature we support', body: featurePost });
  postPath = `/blog/${post.slug}`;
  for (const path of [...pagePaths, '/blog', postPath]) {
    const response = await api.app.inject({ method: 'GET', url: path });
    expect(response.statusCode).toBe(200);
    served.set(path, response.body);
  }
  // In production the server and the browser never share a React. Here the server's renderer
  // would leave its last context values (the router's location…) on the context objects of the
  // same module instances, so the browser's code is loaded afresh, with its own React.
  jest.resetModules();
  ({ bootBrowser } = jest.requireActual<{ bootBrowser: typeof BootBrowser }>('./boot-browser'));
  ({ act } = jest.requireActual<{ act: typeof act }>('react'));
});

let root: Root | undefined;
let logged: jest.SpyInstance[];

beforeEach(() => {
  // jsdom has no scrolling; the router scrolls to the top when a page opens.
  window.scrollTo = () => {};
  logged = [jest.spyOn(console, 'error'), jest.spyOn(console, 'warn')];
});

afterEach(async () => {
  await act(async () => root?.unmount());
  root = undefined;
  jest.restoreAllMocks();
});

/** Loads the server's HTML for `path` into the document, as a first visit would, and hydrates it. */
async function visit(path: string): Promise<void> {
  const html = served.get(path)!;
  window.history.replaceState(null, '', path);
  document.head.innerHTML = html.slice(html.indexOf('<head>') + 6, html.indexOf('</head>'));
  document.body.innerHTML = html.slice(html.indexOf('<body>') + 6, html.indexOf('</body>'));
  await act(async () => {
    root = await bootBrowser({ fetchFn: api.fetch });
  });
}

/**
 * Redux Toolkit's development checks warn when walking the state took longer than 32 ms, which a
 * busy machine makes happen: that says nothing of the page, so it is not one of the messages.
 */
const SLOW_CHECK = /took \d+ms, which is more than the warning threshold/;
const messages = () => logged.flatMap((spy) => spy.mock.calls.map((call) => call.map(String).join(' '))).filter((message) => !SLOW_CHECK.test(message));

describe('pages rendered on the server hydrate without a difference', () => {
  it.each(pagePaths)('%s', async (path) => {
    await visit(path);
    expect(document.querySelector('main h1')).not.toBeNull();
    expect(messages()).toEqual([]);
  });

  it('/blog', async () => {
    await visit('/blog');
    expect(document.body).toHaveTextContent('Every feature we support');
    expect(messages()).toEqual([]);
  });

  it('a post, whose body is the HTML stored with it, which the embedded state does not carry again, as markdown or HTML', async () => {
    const html = served.get(postPath)!;
    const serverBody = /<div class="[^"]*" data-stored-html="[^"]+">([\s\S]*?)<\/div><\/article>/.exec(html)?.[1];
    expect(serverBody).toContain('<kbd>Ctrl</kbd>');
    // The body once: neither its markdown nor its HTML again in the state.
    const state = html.slice(html.indexOf('<script id="app-state"'));
    expect(state).toContain('Every feature we support');
    // The footnote is in the markdown and the HTML only (summaries leave notes out).
    expect(state).not.toContain('throttled phone profile');
    expect(state).not.toContain('kbd');
    await visit(postPath);
    const body = document.querySelector('[data-stored-html]')!;
    expect(body.querySelector('table')).not.toBeNull();
    expect(body.querySelector('#user-content-fn-speed')).toHaveTextContent('Measured on a throttled phone profile.');
    // What the browser parsed from the server's HTML, untouched: no loading state, no second render.
    const parsed = new DOMParser().parseFromString(`<div>${serverBody}</div>`, 'text/html').body.firstElementChild!;
    expect(body.innerHTML).toBe(parsed.innerHTML);
    expect(messages()).toEqual([]);
  });
});

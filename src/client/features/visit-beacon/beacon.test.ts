import { startInsights } from './beacon';

// The vitals have their own tests; here only the views are looked at.
jest.mock('./vitals', () => ({ collectVitals: () => undefined }));

const pageTypeOf = (path: string) => (path.startsWith('/admin') ? null : path === '/' ? 'home' : 'page');
let sent: unknown[];

/** A page loaded at `address` (this origin's), linked from `referrer`; `loadedAt` is what the navigation's entry names, when the browser has one. */
function land(address: string, { referrer = '', loadedAt }: { referrer?: string; loadedAt?: string } = {}) {
  history.replaceState(null, '', address);
  Object.defineProperty(document, 'referrer', { value: referrer, configurable: true });
  const entries = loadedAt === undefined ? [] : [{ name: new URL(loadedAt, location.href).href }];
  Object.defineProperty(performance, 'getEntriesByType', { value: (type: string) => (type === 'navigation' ? entries : []), configurable: true });
}

beforeEach(() => {
  sent = [];
  Object.defineProperty(navigator, 'sendBeacon', { value: (_url: string, body: string) => sent.push(JSON.parse(body)) > 0, configurable: true });
});
afterEach(() => {
  Reflect.deleteProperty(performance, 'getEntriesByType');
  history.replaceState(null, '', '/');
});

it('sends the landing address’s utm_source as the visit’s campaign, beside the referring host, with the first view only', () => {
  land('/?utm_source=Newsletter&utm_medium=email', { referrer: 'https://mail.example.com/inbox' });
  const count = startInsights({ apiBaseUrl: '', pageTypeOf });
  count('/');
  count('/about');
  expect(sent).toEqual([
    { kind: 'view', path: '/', type: 'home', device: 'desktop', ref: 'mail.example.com', utm: 'Newsletter' },
    { kind: 'view', path: '/about', type: 'page', device: 'desktop' },
  ]);
});

it('reads the campaign of the address the page was loaded at, even after the visitor moved on', () => {
  land('/about', { loadedAt: '/blog/a-post?utm_source=newsletter' });
  const count = startInsights({ apiBaseUrl: '', pageTypeOf });
  count('/blog/a-post');
  expect(sent).toEqual([{ kind: 'view', path: '/blog/a-post', type: 'page', device: 'desktop', utm: 'newsletter' }]);
});

it('keeps a campaign as a lead’s is kept: without control characters or surrounding spaces, at most 100 characters', () => {
  land(`/?utm_source=${encodeURIComponent(` \u0000News\u0007letter${'é'.repeat(200)} `)}`);
  startInsights({ apiBaseUrl: '', pageTypeOf })('/');
  const [view] = sent as Array<{ utm: string }>;
  expect([...view!.utm]).toHaveLength(100);
  expect(view!.utm.startsWith('Newsletteré')).toBe(true);
});

it.each([
  ['no campaign', '/'],
  ['an empty one', '/?utm_source='],
  ['one of spaces alone', '/?utm_source=%20%20'],
  ['another tag only', '/?utm_campaign=march'],
])('sends no campaign for %s', (_label, address) => {
  land(address);
  startInsights({ apiBaseUrl: '', pageTypeOf })('/');
  expect(sent).toEqual([{ kind: 'view', path: '/', type: 'home', device: 'desktop' }]);
});

it('sends nothing, campaign included, for a browser that asks not to be tracked', () => {
  land('/?utm_source=newsletter');
  Object.defineProperty(navigator, 'doNotTrack', { value: '1', configurable: true });
  try {
    startInsights({ apiBaseUrl: '', pageTypeOf })('/');
  } finally {
    Object.defineProperty(navigator, 'doNotTrack', { value: null, configurable: true });
  }
  expect(sent).toEqual([]);
});

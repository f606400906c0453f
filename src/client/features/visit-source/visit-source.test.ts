import { visitSource } from './visit-source';

/** This tab's history as the Navigation API lists it, the current entry at `current`. */
function history(urls: string[], current = urls.length - 1) {
  Object.defineProperty(window, 'navigation', { value: { entries: () => urls.map((url, index) => ({ url, index })), currentEntry: { index: current } }, configurable: true });
}

afterEach(() => {
  Reflect.deleteProperty(window, 'navigation');
  Object.defineProperty(navigator, 'doNotTrack', { value: null, configurable: true });
});

it('reads the landing page, its campaign tags and the pages viewed up to this one from the tab’s history', () => {
  const origin = location.origin;
  history([`${origin}/blog/a-post?utm_source=newsletter&utm_medium=email&utm_campaign=march`, `${origin}/about`, `${origin}/about`, `${origin}/contact`, `${origin}/services`], 3);
  expect(visitSource()).toEqual({
    landingPath: '/blog/a-post',
    referrerHost: undefined,
    utmSource: 'newsletter',
    utmMedium: 'email',
    utmCampaign: 'march',
    // A page shown twice in a row counts once; a page ahead in the history (after going back) not at all.
    viewedPaths: ['/blog/a-post', '/about', '/contact'],
  });
});

it('takes the current page as the visit where the browser has no Navigation API', () => {
  expect(visitSource()).toMatchObject({ landingPath: location.pathname, viewedPaths: [location.pathname], utmSource: undefined });
});

it('sends nothing for a browser that asks not to be tracked', () => {
  history([`${location.origin}/?utm_source=x`]);
  Object.defineProperty(navigator, 'doNotTrack', { value: '1', configurable: true });
  expect(visitSource()).toEqual({});
});

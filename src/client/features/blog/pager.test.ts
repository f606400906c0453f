import { MAX_REQUESTED_PAGE, pageCountFor, pagerReducer, pagerView, requestedPage, type PagerState } from './pager';

const at = (page: number, pageCount: number): PagerState => ({ page, pageCount });

describe('pagerReducer', () => {
  it('moves forward and back by one page', () => {
    expect(pagerReducer(at(1, 3), { type: 'next' })).toEqual(at(2, 3));
    expect(pagerReducer(at(2, 3), { type: 'previous' })).toEqual(at(1, 3));
  });

  it('stays between 1 and the page count', () => {
    expect(pagerReducer(at(3, 3), { type: 'next' })).toEqual(at(3, 3));
    expect(pagerReducer(at(1, 3), { type: 'previous' })).toEqual(at(1, 3));
  });

  it('goes to a page, or the nearest one that exists', () => {
    expect(pagerReducer(at(1, 3), { type: 'goTo', page: 2 })).toEqual(at(2, 3));
    expect(pagerReducer(at(1, 3), { type: 'goTo', page: 99 })).toEqual(at(3, 3));
    expect(pagerReducer(at(2, 3), { type: 'goTo', page: 0 })).toEqual(at(1, 3));
    expect(pagerReducer(at(2, 3), { type: 'goTo', page: -4 })).toEqual(at(1, 3));
    expect(pagerReducer(at(2, 3), { type: 'goTo', page: Number.NaN })).toEqual(at(1, 3));
    expect(pagerReducer(at(1, 3), { type: 'goTo', page: 2.7 })).toEqual(at(2, 3));
  });

  it('learns the total and pulls the page back into range', () => {
    expect(pagerReducer(at(7, 1), { type: 'total', total: 12, pageSize: 5 })).toEqual(at(3, 3));
    expect(pagerReducer(at(2, 1), { type: 'total', total: 12, pageSize: 5 })).toEqual(at(2, 3));
    expect(pagerReducer(at(3, 3), { type: 'total', total: 0, pageSize: 5 })).toEqual(at(1, 1));
  });

  it('does not change the state it is given', () => {
    const state = Object.freeze(at(2, 3));
    pagerReducer(state, { type: 'next' });
    expect(state).toEqual(at(2, 3));
  });
});

describe('pageCountFor', () => {
  it('makes pages of 5 and never fewer than one', () => {
    expect([0, 1, 5, 6, 10, 11, 12, 10_000].map((total) => pageCountFor(total, 5))).toEqual([1, 1, 1, 2, 2, 3, 3, 2000]);
  });
});

describe('pagerView', () => {
  it('is hidden with a single page', () => {
    expect(pagerView(at(1, 1)).visible).toBe(false);
  });

  it('disables Previous on the first page and Next on the last', () => {
    expect(pagerView(at(1, 3))).toEqual({ visible: true, label: 'Page 1 of 3', canGoBack: false, canGoForward: true });
    expect(pagerView(at(2, 3))).toEqual({ visible: true, label: 'Page 2 of 3', canGoBack: true, canGoForward: true });
    expect(pagerView(at(3, 3))).toEqual({ visible: true, label: 'Page 3 of 3', canGoBack: true, canGoForward: false });
  });
});

describe('requestedPage', () => {
  it('reads the page of the address, and the first page for anything unreadable', () => {
    expect(requestedPage(null)).toBe(1);
    expect(requestedPage('2')).toBe(2);
    expect(requestedPage('0')).toBe(1);
    expect(requestedPage('-3')).toBe(1);
    expect(requestedPage('abc')).toBe(1);
    expect(requestedPage('2.5')).toBe(1);
    expect(requestedPage('1e3')).toBe(1);
    expect(requestedPage('007')).toBe(7);
  });

  it('caps absurd pages, which then show the last page', () => {
    expect(requestedPage('99999999999999999999999')).toBe(MAX_REQUESTED_PAGE);
  });
});

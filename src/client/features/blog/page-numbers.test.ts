import { clampPage, MAX_REQUESTED_PAGE, pageCountFor, pagerView, requestedPage, searchForPage, stepPage, type PagerPosition } from './page-numbers';

const at = (page: number, pageCount: number): PagerPosition => ({ page, pageCount });

describe('stepPage', () => {
  it('moves forward and back by one page', () => {
    expect(stepPage(at(1, 3), 1)).toBe(2);
    expect(stepPage(at(2, 3), -1)).toBe(1);
  });

  it('stays between 1 and the page count', () => {
    expect(stepPage(at(3, 3), 1)).toBe(3);
    expect(stepPage(at(1, 3), -1)).toBe(1);
  });
});

describe('clampPage', () => {
  it('keeps a page that exists, and takes the nearest one otherwise', () => {
    expect(clampPage(2, 3)).toBe(2);
    expect(clampPage(99, 3)).toBe(3);
    expect(clampPage(0, 3)).toBe(1);
    expect(clampPage(-4, 3)).toBe(1);
    expect(clampPage(Number.NaN, 3)).toBe(1);
    expect(clampPage(2.7, 3)).toBe(2);
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

describe('searchForPage', () => {
  it('names pages after the first, and leaves the first as the bare address', () => {
    expect(searchForPage(new URLSearchParams(), 2)).toBe('?page=2');
    expect(searchForPage(new URLSearchParams('page=3'), 1)).toBe('');
  });

  it('keeps the other parameters of the address', () => {
    expect(searchForPage(new URLSearchParams('tag=seo&page=2'), 3)).toBe('?tag=seo&page=3');
    expect(searchForPage(new URLSearchParams('tag=seo&page=2'), 1)).toBe('?tag=seo');
  });
});

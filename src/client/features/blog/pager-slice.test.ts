import { configureStore } from '@reduxjs/toolkit';
import { makeStore } from '../../lib/store/store';
import { pagersReducer, pagersSlice, pagerClosed, pageRequested, pagerFollowing, selectPager, totalKnown, type PagersState, type PagerEntry } from './pager-slice';

const entry = (requested: number, page: number, pageCount: number | null): PagerEntry => ({ requested, page, pageCount });
const run = (state: PagersState, ...actions: Parameters<typeof pagersReducer>[1][]) => actions.reduce(pagersReducer, state);

describe('the pagers slice', () => {
  it('starts with no pager', () => {
    expect(pagersReducer(undefined, { type: 'anything' })).toEqual({});
  });

  describe('pageRequested', () => {
    it('shows the page asked for while the total is unknown', () => {
      expect(run({}, pageRequested({ key: 'blog', page: 7 }))).toEqual({ blog: entry(7, 7, null) });
    });

    it('shows the nearest page that exists once the page count is known', () => {
      const known = { blog: entry(1, 1, 3) };
      expect(run(known, pageRequested({ key: 'blog', page: 2 })).blog).toEqual(entry(2, 2, 3));
      expect(run(known, pageRequested({ key: 'blog', page: 99 })).blog).toEqual(entry(99, 3, 3));
    });

    it('reads anything unusable as the first page, and an absurd one as the largest it asks for', () => {
      for (const page of [0, -4, Number.NaN]) expect(run({}, pageRequested({ key: 'blog', page })).blog).toEqual(entry(1, 1, null));
      expect(run({}, pageRequested({ key: 'blog', page: 2.7 })).blog).toEqual(entry(2, 2, null));
      expect(run({}, pageRequested({ key: 'blog', page: 1e12 })).blog?.requested).toBe(999_999);
    });
  });

  describe('totalKnown', () => {
    it('counts the pages and pulls the page back into range', () => {
      const asked = (page: number) => run({}, pageRequested({ key: 'blog', page }));
      expect(run(asked(7), totalKnown({ key: 'blog', total: 12, pageSize: 5 })).blog).toEqual(entry(7, 3, 3));
      expect(run(asked(2), totalKnown({ key: 'blog', total: 12, pageSize: 5 })).blog).toEqual(entry(2, 2, 3));
      expect(run(asked(3), totalKnown({ key: 'blog', total: 0, pageSize: 5 })).blog).toEqual(entry(3, 1, 1));
    });

    it('lets a page that was out of range show again when the list grows', () => {
      const clamped = run({}, pageRequested({ key: 'blog', page: 3 }), totalKnown({ key: 'blog', total: 7, pageSize: 5 }));
      expect(clamped.blog).toEqual(entry(3, 2, 2));
      expect(run(clamped, totalKnown({ key: 'blog', total: 12, pageSize: 5 })).blog).toEqual(entry(3, 3, 3));
    });

    it('before any request, counts for the first page', () => {
      expect(run({}, totalKnown({ key: 'blog', total: 12, pageSize: 5 })).blog).toEqual(entry(1, 1, 3));
    });
  });

  it('pagerClosed forgets the pager, so a stale count never clamps a later visit', () => {
    const state = run({}, pageRequested({ key: 'blog', page: 3 }), totalKnown({ key: 'blog', total: 12, pageSize: 5 }), pagerClosed({ key: 'blog' }));
    expect(state).toEqual({});
    expect(run(state, pageRequested({ key: 'blog', page: 4 })).blog).toEqual(entry(4, 4, null));
  });

  it('keeps every key apart', () => {
    const state = run(
      {},
      pageRequested({ key: 'blog', page: 2 }),
      pageRequested({ key: 'dashboard', page: 9 }),
      totalKnown({ key: 'dashboard', total: 12, pageSize: 10 }),
      totalKnown({ key: 'blog', total: 12, pageSize: 5 }),
    );
    expect(state).toEqual({ blog: entry(2, 2, 3), dashboard: entry(9, 2, 2) });
    expect(run(state, pagerClosed({ key: 'dashboard' }))).toEqual({ blog: entry(2, 2, 3) });
  });

  it('does not change the state it is given', () => {
    const state = Object.freeze({ blog: Object.freeze(entry(2, 2, 3)) });
    run(state, pageRequested({ key: 'blog', page: 3 }), totalKnown({ key: 'blog', total: 1, pageSize: 5 }), pagerClosed({ key: 'blog' }));
    expect(state).toEqual({ blog: entry(2, 2, 3) });
  });

  it('has no action that moves to another page on its own: the address asks, the slice follows', () => {
    expect(Object.keys(pagersSlice.actions).sort()).toEqual(['pageRequested', 'pagerClosed', 'totalKnown']);
  });
});

describe('pagerFollowing: what the slice will hold once it follows the address and the data', () => {
  it('is what dispatching pageRequested then totalKnown leaves in the store', () => {
    const store = configureStore({ reducer: pagersReducer });
    for (const [requested, total] of [[2, 12], [9, 12], [1, undefined], [4, 0], [3, 15]] as const) {
      const following = pagerFollowing(store.getState().blog, 'blog', requested, total, 5);
      store.dispatch(pageRequested({ key: 'blog', page: requested }));
      if (total !== undefined) store.dispatch(totalKnown({ key: 'blog', total, pageSize: 5 }));
      expect(store.getState().blog).toEqual(following);
    }
  });

  it('is the same whether or not the store has the entry yet, as the server and the browser must agree', () => {
    const server = run({}, pageRequested({ key: 'blog', page: 9 }), totalKnown({ key: 'blog', total: 7, pageSize: 5 }));
    expect(pagerFollowing(server.blog, 'blog', 9, 7, 5)).toEqual(pagerFollowing(undefined, 'blog', 9, 7, 5));
    expect(pagerFollowing(undefined, 'blog', 9, 7, 5)).toEqual(entry(9, 2, 2));
  });

  it('is the stored entry itself once the store has caught up', () => {
    const stored = run({}, pageRequested({ key: 'blog', page: 2 }), totalKnown({ key: 'blog', total: 12, pageSize: 5 })).blog;
    expect(pagerFollowing(stored, 'blog', 2, 12, 5)).toBe(stored);
  });
});

it('lives in the app store under pagers, where Redux DevTools shows it', () => {
  const store = makeStore({ apiBaseUrl: 'http://api.test' });
  store.dispatch(pageRequested({ key: 'blog', page: 4 }));
  store.dispatch(totalKnown({ key: 'blog', total: 12, pageSize: 5 }));
  expect(store.getState().pagers).toEqual({ blog: entry(4, 3, 3) });
  expect(selectPager(store.getState(), 'blog')).toEqual(entry(4, 3, 3));
  expect(selectPager(store.getState(), 'dashboard')).toBeUndefined();
});

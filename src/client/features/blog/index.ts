// The blog feature's public entry: its pager (the buttons, and the address-led state behind
// them in the `pagers` slice), which other paged lists reuse under a key of their own, and a
// post's article as its page draws it, which the administrator's preview shows.
export { Pager } from './pager';
export { useAddressPager, useRequestedPage } from './use-address-pager';
export { selectPageShownInstead } from './pager-slice';
export { PostArticle } from './post-article';

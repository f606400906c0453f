// The blog feature's public entry: its pager (the buttons, and the address-led state behind
// them in the `pagers` slice), which other paged lists reuse under a key of their own, and a
// post's article as its page draws it, which the administrator's preview shows.
export { Pager, type PagerProps } from './pager';
export { useAddressPager, useRequestedPage, type AddressPager } from './use-address-pager';
export { selectPageShownInstead, type PagerEntry } from './pager-slice';
export { PostArticle, type PostArticleProps } from './post-article';

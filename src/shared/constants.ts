/** The numbers the owner fixed; do not retune them (docs/product.md#constants). */
export const CAROUSEL_INTERVAL_MS = 5000;
export const CONTACT_SUCCESS_MS = 5000;
export const NAVBAR_SCROLLED_PX = 10;
export const NAVBAR_HIDE_PX = 50;
export const BLOG_PAGE_SIZE = 5;
export const SUMMARY_WORDS = 40;
export const REGISTER_REDIRECT_MS = 1500;
export const RESET_REDIRECT_MS = 2000;
export const BODY_TEXTAREA_ROWS = 10;
export const TOKEN_STORAGE_KEY = 'token';

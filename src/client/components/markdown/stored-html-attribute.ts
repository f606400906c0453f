/**
 * The attribute naming the post whose stored HTML an element shows (`StoredMarkdown`): the
 * embedded state leaves that HTML out (the page holds it already) and the browser takes it back
 * from the element before hydrating. A module of its own, so the browser's start-up code can read
 * it without the component's styles.
 */
export const STORED_HTML_ATTRIBUTE = 'data-stored-html';

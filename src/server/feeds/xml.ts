/* eslint-disable no-control-regex -- control characters are exactly what these match */
/** Characters XML 1.0 cannot carry at all (controls, lone surrogates, U+FFFE/F): dropped. */
const NOT_XML = /[^\u0009\u000A\u000D\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu;
/** Anything that needs work; most values (slugs, dates) have none and are returned as they are. */
const NEEDS_ESCAPING = /[&<>"'\u0000-\u0008\u000B\u000C\u000E-\u001F\uD800-\uDFFF\uFFFE\uFFFF]/;
/* eslint-enable no-control-regex */

/** Text or attribute value safe inside XML. */
export function escapeXml(value: string): string {
  if (!NEEDS_ESCAPING.test(value)) return value;
  return value
    .replace(NOT_XML, '')
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&apos;');
}

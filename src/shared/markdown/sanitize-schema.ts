import { defaultSchema, type Options as Schema } from 'rehype-sanitize';

/** Attributes of forms: forms are not allowed, so these only ever carry URLs nobody needs. */
const FORM_ATTRIBUTES = new Set(['accept', 'acceptCharset', 'action', 'encType', 'method']);

/**
 * GitHub's sanitising rules (rehype-sanitize's default schema), extended rather than replaced:
 * - a few harmless text elements more (figure, mark, abbr…);
 * - no `srcset` on `<source>`: the default lets any URL through there, scheme unchecked;
 * - form attributes that are URLs (`action`) dropped;
 * - `<style>` removed with its content, like `<script>`, rather than left as text.
 * URL schemes stay the default's: http, https, irc, ircs, mailto, xmpp for links, http and
 * https for images; relative URLs (`/uploads/…`, `#fn-1`) always pass.
 * No `style` attribute at all, so no style can load anything.
 */
export const sanitizeSchema: Schema = {
  ...defaultSchema,
  tagNames: [
    ...(defaultSchema.tagNames ?? []),
    'abbr',
    'caption',
    'cite',
    'dfn',
    'figcaption',
    'figure',
    'mark',
    'small',
    'time',
    'u',
    'wbr',
  ],
  attributes: {
    ...defaultSchema.attributes,
    '*': (defaultSchema.attributes?.['*'] ?? []).filter((attribute) => typeof attribute !== 'string' || !FORM_ATTRIBUTES.has(attribute)),
    source: [],
    time: ['dateTime'],
  },
  strip: [...(defaultSchema.strip ?? []), 'style'],
};

/** The prefix rehype-sanitize gives every `id` and `name`, so content cannot clobber the page's globals. */
export const CLOBBER_PREFIX = defaultSchema.clobberPrefix ?? 'user-content-';

import { Type } from 'typebox';

/**
 * The building blocks of the site's content schemas. Every field carries a `title`: the label the
 * admin form shows beside it, so that a form can be drawn and labelled from the schema alone.
 * Length limits keep one saved draft small; whether a field may be left empty, whether a link is
 * `https://` and the like are the publish checks' business, so that a draft can be saved half
 * done.
 */

/** One line: a heading, a name, a button's words. */
export const line = (title: string, description?: string) => Type.String({ title, maxLength: 200, ...(description ? { description } : {}) });

/** A sentence or a short paragraph. */
export const text = (title: string, description?: string) => Type.String({ title, maxLength: 1_000, ...(description ? { description } : {}) });

/** Markdown, rendered as the blog renders it (links, lists, emphasis; raw HTML is sanitised away). */
export const markdown = (title: string, description?: string) =>
  Type.String({ title, maxLength: 40_000, description: description ?? 'Markdown: a blank line between paragraphs, "## " before a heading, "- " before a list item.' });

/** A list with the number of items the page's layout is made for. */
export const exactly = <T extends Parameters<typeof Type.Array>[0]>(count: number, item: T, title: string) =>
  Type.Array(item, { title, minItems: count, maxItems: count });

/** A list of one to `max` items. */
export const list = <T extends Parameters<typeof Type.Array>[0]>(item: T, title: string, max = 20) => Type.Array(item, { title, minItems: 1, maxItems: max });

/**
 * An image: a file of the site (`/images/…`) or one stored through the image pipeline
 * (`POST /api/images`, whose answer gives `url`, `width` and `height`), with its alternative text.
 */
export const imageSchema = Type.Object(
  {
    src: Type.String({ title: 'Image', maxLength: 500, description: 'The address of the image: `/images/…` or the `url` `POST /api/images` answered.' }),
    alt: Type.String({ title: 'Alt text', maxLength: 250, description: 'What the image shows, for people who cannot see it.' }),
    width: Type.Integer({ title: 'Width', minimum: 1, maximum: 20_000 }),
    height: Type.Integer({ title: 'Height', minimum: 1, maximum: 20_000 }),
    srcSet: Type.Optional(Type.String({ title: 'Sizes', maxLength: 1_000, description: 'The same image at other widths, as `srcset` has it.' })),
  },
  { additionalProperties: false },
);

/** The top of a page: a small line above the heading, the heading, and the introduction. */
export const heroFields = {
  eyebrow: line('Eyebrow', 'The small line above the heading.'),
  title: line('Heading'),
  lead: text('Introduction'),
};

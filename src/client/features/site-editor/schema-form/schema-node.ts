/**
 * The JSON Schema the contract's TypeBox schemas are at run time, as far as the form reads it: the
 * form is drawn from the part's schema alone, each field labelled by its `title`.
 */
export interface SchemaNode {
  type?: string;
  title?: string;
  description?: string;
  properties?: Record<string, SchemaNode>;
  items?: SchemaNode;
  anyOf?: SchemaNode[];
  enum?: string[];
  minItems?: number;
  maxItems?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
}

/** Where a value sits in a part: property names and list indexes. */
export type FieldPath = readonly (string | number)[];

/** An image of the content (its address, alt text and size), edited as one field. */
export const isImage = (node: SchemaNode) => node.type === 'object' && !!node.properties?.src && !!node.properties.alt && !!node.properties.width;

/** `T | null`: an optional image or value. */
export function nullableOf(node: SchemaNode): SchemaNode | null {
  if (!node.anyOf || node.anyOf.length !== 2 || !node.anyOf.some((option) => option.type === 'null')) return null;
  return node.anyOf.find((option) => option.type !== 'null') ?? null;
}

/**
 * Markdown fields say so in their description (the contract's `markdown()`): they get the post
 * editor's toolbar.
 */
export const isMarkdown = (node: SchemaNode) => node.type === 'string' && /^Markdown\b/.test(node.description ?? '');

/** Longer texts get a text area; a line gets a one-line input. */
export const isMultiline = (node: SchemaNode) => node.type === 'string' && (node.maxLength ?? 0) > 200;

/** A list whose length the page's layout fixes (four slides, three packages…). */
export const isFixedList = (node: SchemaNode) => node.type === 'array' && node.minItems !== undefined && node.minItems === node.maxItems;

/** The id of the input (or group) at `path` of `part`, as a publish problem's path names it. */
export const fieldId = (part: string, path: FieldPath) => ['site', part, ...path].join('.');

/** `value` with `leaf` at `path`, copied along the way (the rest shared). */
export function withValueAt(value: unknown, path: FieldPath, leaf: unknown): unknown {
  if (path.length === 0) return leaf;
  const [key, ...rest] = path as [string | number, ...(string | number)[]];
  const current = value as Record<string | number, unknown> | unknown[];
  const next = withValueAt((current as Record<string | number, unknown>)[key], rest, leaf);
  if (Array.isArray(current)) return current.map((item, index) => (index === key ? next : item));
  return { ...current, [key]: next };
}

/** The label of list item `index`: "Feature 3" from the item's title, "Package 2" from the list's. */
export function itemLabel(list: SchemaNode, index: number): string {
  const title = list.items?.title ?? singular(list.title ?? 'Item');
  return `${title} ${index + 1}`;
}

function singular(title: string): string {
  return /[^s]s$/.test(title) ? title.slice(0, -1) : title;
}

/** An empty value of the schema's shape: a list item the owner adds. */
export function emptyOf(node: SchemaNode): unknown {
  if (node.type === 'object') return Object.fromEntries(Object.entries(node.properties ?? {}).map(([key, child]) => [key, emptyOf(child)]));
  if (node.type === 'array') return [];
  if (node.type === 'number' || node.type === 'integer') return 0;
  if (node.type === 'boolean') return false;
  if (node.enum) return node.enum[0];
  if (nullableOf(node)) return null;
  return '';
}

/** The same content, field for field (JSON's order is the schema's on both sides). */
export const sameContent = (a: unknown, b: unknown) => JSON.stringify(a) === JSON.stringify(b);

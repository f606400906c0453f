import { partSchemas, type SitePart } from '../../../shared/contract/site/parts';
import { SERVICE_SLUGS } from '../../../shared/service-slugs';
import { itemLabel, type SchemaNode } from './schema-form/schema-node';

export const partSchema = (part: SitePart) => partSchemas[part] as unknown as SchemaNode;

/** The part's name, as its schema titles it. */
export const partLabel = (part: SitePart) => partSchema(part).title ?? part;

/**
 * A problem's path (`packages.packages.1.checkoutUrl`) in the form's own words:
 * "Packages › Package 2 › Checkout link".
 */
export function describePath(part: SitePart, fields: readonly string[]): string {
  const names = [partLabel(part)];
  let node: SchemaNode | undefined = partSchema(part);
  for (const key of fields) {
    if (!node) break;
    const options: SchemaNode[] = node.anyOf ?? [node];
    const container: SchemaNode | undefined = options.find((option) => option.type === 'object' || option.type === 'array');
    if (container?.type === 'array' && /^\d+$/.test(key)) {
      names.push(itemLabel(container, Number(key)));
      node = container.items;
    } else if (container?.properties?.[key]) {
      node = container.properties[key];
      names.push(node.title ?? `/services/${key}`);
    } else {
      names.push(key);
      node = undefined;
    }
  }
  return names.join(' › ');
}

/** The public pages a part's words appear on, to preview with the draft. */
export const PREVIEW_PAGES: readonly { label: string; path: string }[] = [
  { label: 'Home', path: '/' },
  { label: 'About', path: '/about' },
  { label: 'Services', path: '/services' },
  ...SERVICE_SLUGS.map((slug) => ({ label: `Service: ${slug}`, path: `/services/${slug}` })),
  { label: 'Portfolio', path: '/portfolio' },
  { label: 'Packages', path: '/packages' },
  { label: 'Contact', path: '/contact' },
  { label: 'Privacy', path: '/privacy' },
];


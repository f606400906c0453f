import type { BreadcrumbList, WithContext } from 'schema-dts';
import { paths } from '../../../shared/paths';
import { absoluteUrl } from './absolute-url';

// A file of its own: a module's unused exports travel with it into every page chunk that imports
// it, and the home page, which has no breadcrumbs, imports the organisation's data.

interface Crumb {
  name: string;
  /** Path under the site root. */
  path: string;
}

/** Where a page sits: Home, then each crumb; the last is the page itself. */
export function breadcrumbsFor(siteUrl: string, crumbs: readonly Crumb[]): WithContext<BreadcrumbList> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: [{ name: 'Home', path: paths.home }, ...crumbs].map((crumb, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: crumb.name,
      item: absoluteUrl(siteUrl, crumb.path),
    })),
  };
}

import { paths } from '../../../shared/paths';

/** The four service pages of the navbar's Services menu (docs/product.md#navbar). */
export const navServices = [
  { to: paths.service('webdevelopment'), label: 'Web Development' },
  { to: paths.service('ecommerce'), label: 'E-Commerce' },
  { to: paths.service('seo'), label: 'SEO' },
  { to: paths.service('maintenance'), label: 'Maintenance' },
] as const;

export const navLinks = [
  { to: paths.portfolio, label: 'Portfolio' },
  { to: paths.packages, label: 'Packages' },
  { to: paths.contact, label: 'Contact' },
] as const;

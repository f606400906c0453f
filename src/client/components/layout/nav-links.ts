/** The four service pages of the navbar's Services menu (docs/product.md#navbar). */
export const navServices = [
  { to: '/services/webdevelopment', label: 'Web Development' },
  { to: '/services/ecommerce', label: 'E-Commerce' },
  { to: '/services/seo', label: 'SEO' },
  { to: '/services/maintenance', label: 'Maintenance' },
] as const;

export const navLinks = [
  { to: '/portfolio', label: 'Portfolio' },
  { to: '/packages', label: 'Packages' },
  { to: '/contact', label: 'Contact' },
] as const;

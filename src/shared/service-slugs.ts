/** The ten service pages (docs/product.md#visitor-pages): /services/{slug}. */
export const SERVICE_SLUGS = ['webdevelopment', 'ecommerce', 'seo', 'maintenance', 'api', 'database', 'fullstack', 'performance', 'security', 'uiux'] as const;

export type ServiceSlug = (typeof SERVICE_SLUGS)[number];

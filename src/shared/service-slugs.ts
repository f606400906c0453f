/** The ten service pages of the spec's route table (section 2): /services/{slug}. */
export const SERVICE_SLUGS = ['webdevelopment', 'ecommerce', 'seo', 'maintenance', 'api', 'database', 'fullstack', 'performance', 'security', 'uiux'] as const;

export type ServiceSlug = (typeof SERVICE_SLUGS)[number];

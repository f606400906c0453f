import { paths } from '../../../../shared/paths';
import { SERVICE_SLUGS, type ServiceSlug } from '../../../../shared/service-slugs';

// The services pages' fixed labels and layout; their words are the site content's Services part.

export const servicesGrid = {
  learnMore: 'Learn more',
  listLabel: 'Specialist services',
};

/** The six tiles of the services overview, in their fixed order (docs/product.md#services). */
export const overviewTiles: readonly ServiceSlug[] = ['fullstack', 'api', 'uiux', 'database', 'performance', 'security'];

/** The four services of the navbar, linked from the overview under the tiles. */
export const coreServiceSlugs: readonly ServiceSlug[] = ['webdevelopment', 'ecommerce', 'seo', 'maintenance'];

export const serviceActions = {
  services: { label: 'View Services', to: paths.services },
  start: { label: 'Get Started', to: paths.packages },
  includedTitle: "What's Included",
  benefitsTitle: 'What You Can Expect',
  idealTitle: 'Is This Right for You?',
  closingTitle: 'Have a question first?',
  closingText: 'Tell us about your project and we will reply within one business day with honest, no-obligation advice.',
  closingAction: { label: 'Contact Us', to: paths.contact },
  packagesAction: { label: 'Compare Packages', to: paths.packages },
};

export function isServiceSlug(value: string): value is ServiceSlug {
  return (SERVICE_SLUGS as readonly string[]).includes(value);
}

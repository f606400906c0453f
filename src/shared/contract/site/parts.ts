import { Type, type Static } from 'typebox';
import { aboutSchema, homeSchema, privacySchema } from './pages';
import { packagesSchema, testimonialsSchema } from './packages';
import { servicesSchema } from './services';
import { settingsSchema } from './settings';

/** The parts of the site's content, each edited by one form and saved on its own. */
export const partSchemas = {
  settings: settingsSchema,
  home: homeSchema,
  about: aboutSchema,
  services: servicesSchema,
  packages: packagesSchema,
  testimonials: testimonialsSchema,
  privacy: privacySchema,
};

export type SitePart = keyof typeof partSchemas;
export const SITE_PARTS = Object.keys(partSchemas) as SitePart[];

/** Everything a visitor reads outside the blog and the case studies. */
export const siteContentSchema = Type.Object(partSchemas, { additionalProperties: false, title: 'Site content' });

export type SiteContent = Static<typeof siteContentSchema>;

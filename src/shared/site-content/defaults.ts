import type { SiteContent } from '../contract/site/parts';
import { defaultAbout } from './default-about';
import { defaultHome } from './default-home';
import { defaultPackages } from './default-packages';
import { defaultPrivacy } from './default-privacy';
import { defaultServices } from './default-services';
import { defaultSettings } from './default-settings';
import { defaultTestimonials } from './default-testimonials';

/**
 * What a fresh site shows until its owner publishes changes, and what "Reset to default" brings
 * a part back to: the words, numbers and images the site shipped with.
 */
export const siteDefaults: SiteContent = {
  settings: defaultSettings,
  home: defaultHome,
  about: defaultAbout,
  services: defaultServices,
  packages: defaultPackages,
  testimonials: defaultTestimonials,
  privacy: defaultPrivacy,
};

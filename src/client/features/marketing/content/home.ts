import { paths } from '../../../../shared/paths';
import type { SiteImage } from '../../../../shared/site';
import homeHeroSource from '../../../../../public/images/home-hero.svg?inline';
import { illustration } from './images';

/** A slide of the expertise carousel (title, image, alt, link: docs/product.md#home). */
export interface CarouselSlide {
  title: string;
  text: string;
  image: SiteImage;
  /** Where the slide leads: the matching service page. */
  link: string;
}

export const homeHero = {
  eyebrow: 'Web studio for small businesses',
  title: 'Websites that work as hard as you do',
  lead: 'We design, build and look after fast, accessible websites and online shops for independent businesses, so you can spend your time on customers instead of code.',
  primary: { label: 'Explore Our Services', to: paths.services },
  secondary: { label: 'Compare Packages', to: paths.packages },
  // The first screen's largest picture comes inside the server's HTML, so it paints with the heading.
  image: { ...illustration('home-hero', 'A website shown on a laptop and a phone, with a rising sales chart and a green check mark'), src: homeHeroSource, inlinedByServer: true },
};

export const expertise = {
  title: 'Our Expertise',
  intro: 'Four things we do every week for businesses like yours.',
  label: 'Expertise slideshow',
};

export const carouselSlides: readonly CarouselSlide[] = [
  {
    title: 'Web Development',
    text: 'Custom websites built on modern, standards-based code: quick to load, easy to update and comfortable on every screen.',
    image: illustration('expertise-web-development', 'A code editor beside the web page it produces'),
    link: paths.service('webdevelopment'),
  },
  {
    title: 'E-Commerce',
    text: 'Online shops with clear product pages, a checkout that customers finish, and stock and orders you can manage from your phone.',
    image: illustration('expertise-e-commerce', 'Three product cards in an online shop, a shopping cart and a payment card'),
    link: paths.service('ecommerce'),
  },
  {
    title: 'SEO',
    text: 'Technical fixes, local listings and useful content that help the right people find you when they search.',
    image: illustration('expertise-seo', 'A search results page with the first result highlighted and a chart trending upwards'),
    link: paths.service('seo'),
  },
  {
    title: 'Maintenance & Support',
    text: 'Updates, backups, uptime monitoring and a real person to call when something needs changing or goes wrong.',
    image: illustration('expertise-maintenance-support', 'A monitoring dashboard with an uptime graph, completed checks and a security shield'),
    link: paths.service('maintenance'),
  },
];

export const recentWork = {
  title: 'Recent Work',
  intro: 'A few of the sites we have built and the projects on our desk right now.',
  seeMore: { label: 'See more', hidden: ' of our portfolio', to: paths.portfolio },
};

export const testimonialsSection = {
  title: 'What Our Clients Say',
  intro: 'Small businesses, in their own words, on working with us.',
  illustrativeNote: 'These testimonials are illustrative examples for our demonstration studio.',
};

export const homeClosing = {
  title: 'Ready for a website that pulls its weight?',
  text: 'Tell us where your business is today and where you want it to be. We will reply within one business day with honest advice, even if that advice is to wait.',
  action: { label: 'Start a Conversation', to: paths.contact },
};

import type { HomeContent } from '../contract/site/pages';
import { illustration } from './illustration';

/** The home page as the site first shipped it. */
export const defaultHome: HomeContent = {
  hero: {
    eyebrow: 'Web studio for small businesses',
    title: 'Websites that work as hard as you do',
    lead: 'We design, build and look after fast, accessible websites and online shops for independent businesses, so you can spend your time on customers instead of code.',
    primaryLabel: 'Explore Our Services',
    secondaryLabel: 'Compare Packages',
  },
  expertise: {
    title: 'Our Expertise',
    intro: 'Four things we do every week for businesses like yours.',
    label: 'Expertise slideshow',
    slides: [
      {
        title: 'Web Development',
        text: 'Custom websites built on modern, standards-based code: quick to load, easy to update and comfortable on every screen.',
        image: illustration('expertise-web-development', 'A code editor beside the web page it produces'),
        link: '/services/webdevelopment',
      },
      {
        title: 'E-Commerce',
        text: 'Online shops with clear product pages, a checkout that customers finish, and stock and orders you can manage from your phone.',
        image: illustration('expertise-e-commerce', 'Three product cards in an online shop, a shopping cart and a payment card'),
        link: '/services/ecommerce',
      },
      {
        title: 'SEO',
        text: 'Technical fixes, local listings and useful content that help the right people find you when they search.',
        image: illustration('expertise-seo', 'A search results page with the first result highlighted and a chart trending upwards'),
        link: '/services/seo',
      },
      {
        title: 'Maintenance & Support',
        text: 'Updates, backups, uptime monitoring and a real person to call when something needs changing or goes wrong.',
        image: illustration('expertise-maintenance-support', 'A monitoring dashboard with an uptime graph, completed checks and a security shield'),
        link: '/services/maintenance',
      },
    ],
  },
  recentWork: {
    title: 'Recent Work',
    intro: 'A few of the sites we have built and the projects on our desk right now.',
    seeMoreLabel: 'See more',
  },
  closing: {
    title: 'Ready for a website that pulls its weight?',
    text: 'Tell us where your business is today and where you want it to be. We will reply within one business day with honest advice, even if that advice is to wait.',
    actionLabel: 'Start a Conversation',
  },
};

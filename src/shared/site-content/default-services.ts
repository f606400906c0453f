import type { ServicesContent } from '../contract/site/services';
import { defaultServicePages } from './default-service-pages';

const pages = defaultServicePages;

/** The services overview as the site first shipped it; its tiles carry their pages' names and leads. */
export const defaultServices: ServicesContent = {
  hero: {
    eyebrow: 'Services',
    title: 'Everything your website needs, from one team',
    lead: 'From a first website to a custom web application, we plan, design, build and support it in-house. Pick the help you need now; add more when your business is ready.',
  },
  grid: {
    title: 'What We Do',
    intro: 'Specialist services for businesses that have outgrown a template, or never fitted one.',
    tiles: [pages.fullstack, pages.api, pages.uiux, pages.database, pages.performance, pages.security].map((page) => ({ title: page.title, text: page.summary })),
  },
  core: { title: 'Looking for the essentials?', text: 'Most of our clients start with one of these:' },
  process: {
    title: 'How We Work',
    intro: 'A clear, five-step process, so you always know what happens next and what we need from you.',
    steps: [
      { title: 'Discovery', text: 'We learn about your business, your customers and your goals, and review what you have today.' },
      { title: 'Planning', text: 'We agree the scope, the pages and features, a timeline and a fixed price, all written down in plain English.' },
      { title: 'Design & Development', text: 'We design the look and feel with you, then build it, sharing a private preview you can click through as it grows.' },
      { title: 'Testing & Deployment', text: 'We test on real phones, tablets and browsers, check accessibility and speed, then launch with no downtime.' },
      { title: 'Support & Maintenance', text: 'We keep your site updated, backed up and secure, and we are a message away when you need a change.' },
    ],
  },
  pages,
};

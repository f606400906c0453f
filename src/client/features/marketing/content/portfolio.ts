import { paths } from '../../../../shared/paths';
import type { SiteImage } from '../../../../shared/site';

export const portfolioHero = {
  eyebrow: 'Portfolio',
  title: 'Work we are proud of',
  lead: 'Every project starts with a business goal: more bookings, more orders, fewer phone calls. Here is a selection of recent sites and the projects we are building right now.',
};

export const portfolioGrid = {
  title: 'Selected Projects',
  visitLabel: 'Visit the live site',
  newTab: ' (opens in a new tab)',
  readLabel: 'Read the case study',
  placeholderLabel: 'Case study coming soon',
};

/** What an empty slot of the grid shows: the projects still being built, in turn. */
export interface PlaceholderTile {
  title: string;
  summary: string;
  image: SiteImage;
}

const sketch = (name: string, alt: string): SiteImage => ({
  src: `/images/${name}-800.webp`,
  srcSet: `/images/${name}-400.webp 400w, /images/${name}-800.webp 800w`,
  width: 800,
  height: 600,
  alt,
});

export const placeholderTiles: readonly PlaceholderTile[] = [
  {
    title: 'Garden-centre online shop',
    summary: 'An online shop with click-and-collect for a family-run garden centre, launching this season.',
    image: sketch('portfolio-coming-soon-shop', 'Wireframe sketch of an online shop: a banner and four product cards'),
  },
  {
    title: 'Salon booking system',
    summary: 'A booking calendar and client reminders for a two-chair hair salon, now in testing.',
    image: sketch('portfolio-coming-soon-booking', 'Wireframe sketch of a booking page: details on the left, a calendar of time slots on the right'),
  },
];

export const allCaseStudies = {
  title: 'All case studies',
  intro: 'Each project in more depth: the problem, what we built and what changed for the business.',
};

export const caseStudyPage = {
  back: 'All work',
  results: 'Results',
  loading: 'Loading the case study...',
  failed: 'This case study could not be loaded. Please try again later.',
};

export const portfolioClosing = {
  title: 'Your business could be next',
  text: 'Whether you need a new site, a shop or a rescue for the one you have, we would love to hear about it.',
  action: { label: 'Tell Us About Your Project', to: paths.contact },
};

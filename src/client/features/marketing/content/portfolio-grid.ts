import type { SiteImage } from '../../../components/ui/site-img';

/** The grid's words, apart from the portfolio page's own so that the home page carries only these. */
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

import type { Testimonial } from './site';

// What clients say of the agency, in a module of its own so that only the home page carries it.

// Illustrative quotes for the demo agency, not the words of real people (site.ts says why).
export const testimonials: readonly Testimonial[] = [
  {
    quote: 'Larkspur rebuilt our site in three weeks. Pre-orders now come in overnight, and we finally stopped missing calls during the morning rush.',
    name: 'Maria Okafor',
    role: 'Owner, Harbourline Bakery',
  },
  {
    quote: 'They explained every decision in plain English and never once made us feel silly for asking. Our booking page is the easiest part of the clinic now.',
    name: 'Dr. James Whitfield',
    role: 'Director, Northfield Physiotherapy',
  },
  {
    quote: 'Our shop used to crawl on phones. After their performance work, pages load in about a second and checkout abandonment dropped noticeably.',
    name: 'Priya Raman',
    role: 'Founder, Fernleaf Home Goods',
  },
  {
    quote: 'Six months after launch we rank on the first page for the three searches that matter to us. The monthly reports are short and actually useful.',
    name: 'Tom Reyes',
    role: 'Owner, Reyes Plumbing & Heating',
  },
  {
    quote: 'When our old plugin broke on a Friday evening, they had us back online before dinner. That is what we pay for, and they deliver.',
    name: 'Hannah Lindqvist',
    role: 'Manager, Lakeside Yoga Studio',
  },
  {
    quote: 'Clear pricing, no surprises, and a website our volunteers can update themselves. I recommend them to every small organisation I meet.',
    name: 'Samuel Adeyemi',
    role: 'Coordinator, Eastside Community Pantry',
  },
];

/**
 * True while the testimonials are examples rather than words of real clients; the site then says
 * so beside them. Set it to false once they are replaced with real, consented quotes.
 */
export const testimonialsAreIllustrative: boolean = true;

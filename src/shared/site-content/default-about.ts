import type { AboutContent } from '../contract/site/pages';
import { illustration } from './illustration';

/** The about page as the site first shipped it. */
export const defaultAbout: AboutContent = {
  hero: {
    eyebrow: 'About us',
    title: 'A small studio for small businesses',
    lead: 'Larkspur Web Studio is a compact team of developers and designers. We work with independent shops, clinics, trades and non-profits: organisations that need a website to do real work, without an in-house web team.',
    image: illustration('about-studio', 'A tidy desk with a laptop showing a website, a plant, sticky notes and a cup of coffee'),
  },
  mission: {
    title: 'Our Mission',
    paragraphs: [
      'Our mission is to give small businesses the kind of website that larger companies take for granted: fast, secure, easy to find and easy to use for everyone, at a price that makes sense every month.',
      'Too many owners are stuck with a site they cannot update, a developer they cannot reach or a bill they do not understand. We fix that with plain-English advice, fixed monthly packages and work we are happy to put our name to.',
      'We measure success the way you do: more enquiries, more bookings, more orders, and fewer evenings spent wrestling with your website.',
    ],
  },
  values: {
    title: 'Our Values',
    intro: 'Four promises that shape every project, whatever its size.',
    items: [
      { title: 'Plain talk', text: 'No jargon and no surprises. We explain what we recommend, why, and what it costs before any work begins.' },
      { title: 'Accessible by default', text: 'Every site we build works with a keyboard, a screen reader and a small phone, because your customers use all three.' },
      { title: 'Built to last', text: 'We choose proven, well-supported tools and write code another developer could pick up tomorrow. You are never locked in.' },
      { title: 'Small on purpose', text: 'We take on a limited number of clients so that you always deal with the people doing the work, and they know your business.' },
    ],
  },
  approach: {
    title: 'How We Work With You',
    paragraphs: [
      'Every engagement starts with a conversation about your business, not about technology. We want to know who your customers are, what they need from you and what is getting in the way.',
      'From there we agree a clear plan and a fixed price, share progress early and often, and test on real devices before anything goes live. After launch we stay on: most of our clients have been with us for years.',
    ],
  },
  closing: {
    title: 'See what we can do for you',
    text: 'Browse our services, or compare the monthly packages most of our clients start with.',
    servicesLabel: 'Our Services',
    packagesLabel: 'View Packages',
  },
};

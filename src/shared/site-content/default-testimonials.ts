import type { TestimonialsContent } from '../contract/site/packages';

/** The testimonials as the site first shipped them: illustrative quotes, not the words of real people. */
export const defaultTestimonials: TestimonialsContent = {
  title: 'What Our Clients Say',
  intro: 'Small businesses, in their own words, on working with us.',
  illustrative: true,
  illustrativeNote: 'These testimonials are illustrative examples for our demonstration studio.',
  items: [
    {
      quote: 'Larkspur rebuilt our site in three weeks. Pre-orders now come in overnight, and we finally stopped missing calls during the morning rush.',
      name: 'Maria Okafor',
      role: 'Owner, Harbourline Bakery',
      photo: null,
    },
    {
      quote: 'They explained every decision in plain English and never once made us feel silly for asking. Our booking page is the easiest part of the clinic now.',
      name: 'Dr. James Whitfield',
      role: 'Director, Northfield Physiotherapy',
      photo: null,
    },
    {
      quote: 'Our shop used to crawl on phones. After their performance work, pages load in about a second and checkout abandonment dropped noticeably.',
      name: 'Priya Raman',
      role: 'Founder, Fernleaf Home Goods',
      photo: null,
    },
    {
      quote: 'Six months after launch we rank on the first page for the three searches that matter to us. The monthly reports are short and actually useful.',
      name: 'Tom Reyes',
      role: 'Owner, Reyes Plumbing & Heating',
      photo: null,
    },
    {
      quote: 'When our old plugin broke on a Friday evening, they had us back online before dinner. That is what we pay for, and they deliver.',
      name: 'Hannah Lindqvist',
      role: 'Manager, Lakeside Yoga Studio',
      photo: null,
    },
    {
      quote: 'Clear pricing, no surprises, and a website our volunteers can update themselves. I recommend them to every small organisation I meet.',
      name: 'Samuel Adeyemi',
      role: 'Coordinator, Eastside Community Pantry',
      photo: null,
    },
  ],
};

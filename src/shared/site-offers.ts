import type { BillingTerms, Package, Testimonial } from './site';

/**
 * What the agency offers and what clients say of it: apart from the identity in site.ts, because
 * only the packages and home pages show them (the identity travels on every page's first load).
 */
export interface SiteOffers {
  packages: readonly [Package, Package, Package];
  billing: BillingTerms;
  testimonials: readonly Testimonial[];
  /**
   * True while the testimonials are examples rather than words of real clients; the site then
   * says so beside them. Set it to false once they are replaced with real, consented quotes.
   */
  testimonialsAreIllustrative: boolean;
}

export const offers: SiteOffers = {
  // Checkout links point at a reserved example domain: replace them with the payment
  // provider's real checkout pages (one per package).
  packages: [
    {
      id: 'social-starter',
      title: 'Social Starter',
      pricePerMonth: 250,
      features: [
        'Management of 3 platforms of your choice',
        '3–5 posts per week, written and designed for you',
        'A monthly content calendar you approve before anything goes out',
        'Replies to comments and messages on business days',
        'A plain-English performance report every month',
      ],
      idealFor: 'Ideal for local businesses that want a steady, professional social presence without spending their evenings on it.',
      checkoutUrl: 'https://checkout.payments.example/larkspur/social-starter',
    },
    {
      id: 'brand-builder',
      title: 'Brand Builder',
      pricePerMonth: 500,
      features: [
        'A custom-designed 5-page site that works on every screen',
        'Hosting, SSL certificate and daily backups included',
        'Up to 2 minor edit batches per month',
        'On-page SEO set-up and a Google Business Profile check',
        'Monthly analytics summary with recommendations',
      ],
      idealFor: 'Ideal for growing businesses that need a credible website that brings in enquiries and stays up to date.',
      checkoutUrl: 'https://checkout.payments.example/larkspur/brand-builder',
      mostPopular: true,
    },
    {
      id: 'business-pro',
      title: 'Business Pro',
      pricePerMonth: 750,
      features: [
        'Everything in Brand Builder',
        '3 branded email addresses on your own domain',
        'Same-day priority response on business days',
        'Uptime monitoring and monthly security updates',
        'A quarterly strategy call to plan what comes next',
      ],
      idealFor: 'Ideal for established teams that rely on their website every day and want a partner on call.',
      checkoutUrl: 'https://checkout.payments.example/larkspur/business-pro',
    },
  ],
  billing: { minimumMonths: 3, gracePeriodDays: 7, kickoffBusinessDays: { min: 3, max: 5 } },

  // Illustrative quotes for the demo agency, not the words of real people (see above).
  testimonials: [
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
  ],
  testimonialsAreIllustrative: true,
};

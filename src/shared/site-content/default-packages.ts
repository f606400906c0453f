import type { PackagesContent } from '../contract/site/packages';

// Checkout links point at a reserved example domain: the owner replaces them with the payment
// provider's real checkout pages (one per package).

/** The packages page as the site first shipped it. */
export const defaultPackages: PackagesContent = {
  hero: {
    eyebrow: 'Packages',
    title: 'Simple monthly packages',
    lead: 'Three fixed-price plans that cover what most small businesses need. No set-up fees, no hourly surprises: choose a plan, pay securely by card and we will be in touch to get started.',
  },
  cardsTitle: 'Choose Your Package',
  cardsIntro: 'All prices are in US dollars and billed monthly.',
  packages: [
    {
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
      mostPopular: false,
    },
    {
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
      mostPopular: false,
    },
  ],
  billingTerms: [
    'Every package has a 3-month minimum term.',
    'After the minimum term, your package auto-renews monthly until you cancel.',
    'Cancel anytime after the minimum term: your service continues until the end of the current billing cycle, and you are not charged again.',
    'If a payment fails, you have a 7-day grace period to update your card before service is paused.',
    'We kick off within 3–5 business days of your first payment.',
    'Payments are taken by our card payment provider. We never see or store your full card number.',
  ],
  faq: [
  {
    question: 'Which package is right for me?',
    answer:
      'If your customers find you mostly on social media, start with Social Starter. If you need a website that brings in enquiries, Brand Builder is where most clients begin. Business Pro suits teams that depend on their site every day and want branded email and priority help. Not sure? Send us a message and we will recommend one honestly.',
  },
  {
    question: 'Can I switch packages later?',
    answer: 'Yes. You can move up or down at any time; the new price applies from your next billing cycle. Moving down during the minimum term counts towards the same term.',
  },
  {
    question: 'What counts as a minor edit batch?',
    answer:
      'A set of small changes sent together in one request: updating text or prices, swapping photos, adding a team member or a news item. A batch is roughly an hour of work. Larger changes, such as a new page or feature, are quoted separately before we start.',
  },
  {
    question: 'Which social platforms can I choose?',
    answer: 'Any three of Instagram, Facebook, LinkedIn, TikTok, Pinterest, X and your Google Business Profile. You can change your choice at the start of any month.',
  },
  {
    question: 'What happens after the 3-month minimum?',
    answer: 'Your package simply continues month to month. Cancel whenever you like by email; your service runs to the end of the billing cycle you have paid for.',
  },
  {
    question: 'What if a card payment fails?',
    answer: 'We let you know straight away and you have a 7-day grace period to update your card. Your service carries on as normal during that time.',
  },
  {
    question: 'How soon can we start?',
    answer: 'We kick off within 3–5 business days of your first payment, starting with a short call to gather what we need.',
  },
  {
    question: 'Do I own my website and content?',
    answer: 'Yes. Your domain, content, images and design are yours. If you ever leave, we hand over everything you need to move your site elsewhere.',
  },
  {
    question: 'Do you take on larger, one-off projects?',
    answer: 'Yes. Online shops, web applications, integrations and redesigns are quoted per project. Tell us what you have in mind on the contact page.',
  },
  ],
  closing: {
    title: 'Not sure which package fits?',
    text: 'Tell us a little about your business and we will recommend the right starting point, or a custom quote if none of them fits.',
    actionLabel: 'Ask Us',
  },
};

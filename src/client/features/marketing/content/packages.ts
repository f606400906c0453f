import { paths } from '../../../../shared/paths';
import type { BillingTerms } from '../../../../shared/site';
import * as sitePackages from '../../../../shared/site-packages';

export const packagesHero = {
  eyebrow: 'Packages',
  title: 'Simple monthly packages',
  lead: 'Three fixed-price plans that cover what most small businesses need. No set-up fees, no hourly surprises: choose a plan, pay securely by card and we will be in touch to get started.',
};

export const packagesCopy = {
  cardsTitle: 'Choose Your Package',
  cardsIntro: 'All prices are in US dollars and billed monthly.',
  mostPopular: 'Most Popular',
  perMonth: 'USD/month',
  featuresLabel: (title: string) => `${title} includes`,
  checkout: 'Get Started',
  newTab: ' (opens in a new tab)',
  termsTitle: 'Billing & Terms',
  faqTitle: 'Frequently Asked Questions',
};

/** Billing & Terms, from the agency's terms in the site configuration (docs/product.md#packages). */
export function billingTerms(billing: BillingTerms = sitePackages.billing): string[] {
  const { minimumMonths, gracePeriodDays, kickoffBusinessDays } = billing;
  return [
    `Every package has a ${minimumMonths}-month minimum term.`,
    `After the minimum term, your package auto-renews monthly until you cancel.`,
    'Cancel anytime after the minimum term: your service continues until the end of the current billing cycle, and you are not charged again.',
    `If a payment fails, you have a ${gracePeriodDays}-day grace period to update your card before service is paused.`,
    `We kick off within ${kickoffBusinessDays.min}–${kickoffBusinessDays.max} business days of your first payment.`,
    'Payments are taken by our card payment provider. We never see or store your full card number.',
  ];
}

export function packagesFaq(billing: BillingTerms = sitePackages.billing): { question: string; answer: string }[] {
  const { minimumMonths, gracePeriodDays, kickoffBusinessDays } = billing;
  return [
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
      question: `What happens after the ${minimumMonths}-month minimum?`,
      answer: 'Your package simply continues month to month. Cancel whenever you like by email; your service runs to the end of the billing cycle you have paid for.',
    },
    {
      question: 'What if a card payment fails?',
      answer: `We let you know straight away and you have a ${gracePeriodDays}-day grace period to update your card. Your service carries on as normal during that time.`,
    },
    {
      question: 'How soon can we start?',
      answer: `We kick off within ${kickoffBusinessDays.min}–${kickoffBusinessDays.max} business days of your first payment, starting with a short call to gather what we need.`,
    },
    {
      question: 'Do I own my website and content?',
      answer: 'Yes. Your domain, content, images and design are yours. If you ever leave, we hand over everything you need to move your site elsewhere.',
    },
    {
      question: 'Do you take on larger, one-off projects?',
      answer: 'Yes. Online shops, web applications, integrations and redesigns are quoted per project. Tell us what you have in mind on the contact page.',
    },
  ];
}

export const packagesClosing = {
  title: 'Not sure which package fits?',
  text: 'Tell us a little about your business and we will recommend the right starting point, or a custom quote if none of them fits.',
  action: { label: 'Ask Us', to: paths.contact },
};

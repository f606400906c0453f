/** The packages page's fixed labels; its words and numbers are the site content's Packages part. */
export const packagesCopy = {
  mostPopular: 'Most Popular',
  perMonth: 'USD/month',
  featuresLabel: (title: string) => `${title} includes`,
  checkout: 'Get Started',
  newTab: ' (opens in a new tab)',
  termsTitle: 'Billing & Terms',
  faqTitle: 'Frequently Asked Questions',
};

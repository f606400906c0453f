import { paths } from '../../../../shared/paths';
export const portfolioHero = {
  eyebrow: 'Portfolio',
  title: 'Work we are proud of',
  lead: 'Every project starts with a business goal: more bookings, more orders, fewer phone calls. Here is a selection of recent sites and the projects we are building right now.',
};

export const portfolioGrid = {
  title: 'Selected Projects',
  visitLabel: 'Visit the live site',
  newTab: ' (opens in a new tab)',
  placeholderLabel: 'Case study coming soon',
};

export const portfolioClosing = {
  title: 'Your business could be next',
  text: 'Whether you need a new site, a shop or a rescue for the one you have, we would love to hear about it.',
  action: { label: 'Tell Us About Your Project', to: paths.contact },
};

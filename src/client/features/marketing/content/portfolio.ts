import { paths } from '../../../../shared/paths';

export const portfolioHero = {
  eyebrow: 'Portfolio',
  title: 'Work we are proud of',
  lead: 'Every project starts with a business goal: more bookings, more orders, fewer phone calls. Here is a selection of recent sites and the projects we are building right now.',
};

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

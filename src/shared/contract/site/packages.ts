import { Type, type Static } from 'typebox';
import { exactly, heroFields, imageSchema, line, list, text } from './fields';

const packageSchema = Type.Object(
  {
    title: line('Package name'),
    pricePerMonth: Type.Number({ title: 'Price per month', minimum: 0, maximum: 1_000_000, description: 'US dollars.' }),
    features: list(line('Feature'), 'Features', 12),
    idealFor: text('Ideal for'),
    checkoutUrl: Type.String({ title: 'Checkout link', maxLength: 500, description: "The card payment provider's `https://` checkout page for this package." }),
    mostPopular: Type.Boolean({ title: 'Most Popular' }),
  },
  { additionalProperties: false },
);

/** The packages page: three packages, the billing terms and the FAQ. */
export const packagesSchema = Type.Object(
  {
    hero: Type.Object(heroFields, { additionalProperties: false, title: 'Hero' }),
    cardsTitle: line('Packages heading'),
    cardsIntro: text('Packages intro'),
    packages: exactly(3, packageSchema, 'Packages'),
    billingTerms: list(text('Term'), 'Billing & Terms', 20),
    faq: list(Type.Object({ question: line('Question'), answer: text('Answer') }, { additionalProperties: false }), 'FAQ', 30),
    closing: Type.Object({ title: line('Closing heading'), text: text('Closing text'), actionLabel: line('Contact button') }, { additionalProperties: false, title: 'Closing call to action' }),
  },
  { additionalProperties: false, title: 'Packages' },
);

const testimonialSchema = Type.Object(
  {
    quote: text('Quote'),
    name: line('Name'),
    role: line('Role and business'),
    photo: Type.Union([imageSchema, Type.Null()], { title: 'Photo', description: 'Optional.' }),
  },
  { additionalProperties: false },
);

/** The home page's six testimonials and their section's words. */
export const testimonialsSchema = Type.Object(
  {
    title: line('Testimonials heading'),
    intro: text('Testimonials intro'),
    illustrative: Type.Boolean({ title: 'These are examples', description: 'While set, the note below is shown beside them. Unset it once they are real, consented quotes.' }),
    illustrativeNote: text('Examples note'),
    items: exactly(6, testimonialSchema, 'Testimonials'),
  },
  { additionalProperties: false, title: 'Testimonials' },
);

export type PackagesContent = Static<typeof packagesSchema>;
export type TestimonialsContent = Static<typeof testimonialsSchema>;

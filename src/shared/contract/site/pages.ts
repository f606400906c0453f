import { Type, type Static } from 'typebox';
import { exactly, heroFields, imageSchema, line, list, markdown, text } from './fields';

const slideSchema = Type.Object(
  {
    title: line('Slide title'),
    text: text('Slide text'),
    image: imageSchema,
    link: Type.String({ title: 'Slide link', maxLength: 200, description: 'A page of this site, e.g. /services/seo.' }),
  },
  { additionalProperties: false },
);

/** The home page: hero, the expertise carousel, the headings of its sections and the closing call. */
export const homeSchema = Type.Object(
  {
    hero: Type.Object(
      { ...heroFields, title: line('Hero heading'), lead: text('Intro'), primaryLabel: line('Services button'), secondaryLabel: line('Packages button') },
      { additionalProperties: false, title: 'Hero' },
    ),
    expertise: Type.Object(
      { title: line('Expertise heading'), intro: text('Expertise intro'), label: line('Slideshow name', 'What a screen reader calls the slideshow.'), slides: exactly(4, slideSchema, 'Slides') },
      { additionalProperties: false, title: 'Expertise' },
    ),
    recentWork: Type.Object(
      { title: line('Portfolio heading'), intro: text('Portfolio intro'), seeMoreLabel: line('See more link') },
      { additionalProperties: false, title: 'Recent work' },
    ),
    closing: Type.Object({ title: line('Closing heading'), text: text('Closing text'), actionLabel: line('Contact button') }, { additionalProperties: false, title: 'Closing call to action' }),
  },
  { additionalProperties: false, title: 'Home' },
);

const paragraphs = (title: string) => list(text('Paragraph'), title, 10);

/** The about page: mission and values. */
export const aboutSchema = Type.Object(
  {
    hero: Type.Object({ ...heroFields, image: imageSchema }, { additionalProperties: false, title: 'Hero' }),
    mission: Type.Object({ title: line('Mission heading'), paragraphs: paragraphs('Mission') }, { additionalProperties: false, title: 'Mission' }),
    values: Type.Object(
      {
        title: line('Values heading'),
        intro: text('Values intro'),
        items: list(Type.Object({ title: line('Value'), text: text('Value text') }, { additionalProperties: false }), 'Values', 8),
      },
      { additionalProperties: false, title: 'Values' },
    ),
    approach: Type.Object({ title: line('Approach heading'), paragraphs: paragraphs('Approach') }, { additionalProperties: false, title: 'How we work' }),
    closing: Type.Object(
      { title: line('Closing heading'), text: text('Closing text'), servicesLabel: line('Services button'), packagesLabel: line('Packages button') },
      { additionalProperties: false, title: 'Closing call to action' },
    ),
  },
  { additionalProperties: false, title: 'About' },
);

/**
 * The privacy policy. In its text, {name} and {email} stand for the site name and e-mail of
 * Settings, and {contactForm} for what the contact form does with a message (which depends on how
 * the site sends it).
 */
export const privacySchema = Type.Object(
  {
    title: line('Heading'),
    lead: text('Introduction'),
    updated: line('Last updated', 'e.g. "Last updated: November 1, 2026".'),
    text: markdown('Policy', 'Markdown; each "## " heading is a section of the page\'s contents. {name}, {email} and {contactForm} are filled in.'),
  },
  { additionalProperties: false, title: 'Privacy' },
);

export type HomeContent = Static<typeof homeSchema>;
export type AboutContent = Static<typeof aboutSchema>;
export type PrivacyContent = Static<typeof privacySchema>;

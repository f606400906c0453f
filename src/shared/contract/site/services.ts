import { Type, type Static } from 'typebox';
import { SERVICE_SLUGS } from '../../service-slugs';
import { exactly, heroFields, imageSchema, line, list, markdown, text } from './fields';

const titledText = (titleLabel: string, textLabel: string) => Type.Object({ title: line(titleLabel), text: text(textLabel) }, { additionalProperties: false });

/** One of the ten service pages (/services/{slug}). */
export const servicePageSchema = Type.Object(
  {
    title: line('Title', 'The page heading, and the name links to the page use.'),
    summary: text('Lead', 'One sentence under the heading.'),
    description: text('Description', 'For search results and shared links (about 150 characters).'),
    image: Type.Union([imageSchema, Type.Null()], { title: 'Hero image', description: 'Optional.' }),
    text: markdown('Text'),
    included: list(titledText('Item', 'Item text'), "What's included", 12),
    benefits: list(line('Benefit'), 'What you can expect', 12),
    idealFor: text('Is this right for you?'),
  },
  { additionalProperties: false },
);

/** The services overview's six tiles, in the order of the tiles' pages (fixed). */
const OVERVIEW_TILE_SLUGS = ['fullstack', 'api', 'uiux', 'database', 'performance', 'security'] as const;

/** The overview (its intro, six tiles, five steps) and the ten service pages. */
export const servicesSchema = Type.Object(
  {
    hero: Type.Object(heroFields, { additionalProperties: false, title: 'Hero' }),
    grid: Type.Object(
      { title: line('Tiles heading'), intro: text('Tiles intro'), tiles: exactly(6, titledText('Tile title', 'Tile text'), 'Tiles') },
      { additionalProperties: false, title: 'Specialist services', description: `The tiles link, in order, to ${OVERVIEW_TILE_SLUGS.map((slug) => `/services/${slug}`).join(', ')}.` },
    ),
    core: Type.Object({ title: line('Essentials heading'), text: text('Essentials text') }, { additionalProperties: false, title: 'The essentials' }),
    process: Type.Object(
      { title: line('Steps heading'), intro: text('Steps intro'), steps: exactly(5, titledText('Step', 'Step text'), 'Steps') },
      { additionalProperties: false, title: 'How we work' },
    ),
    pages: Type.Object(Object.fromEntries(SERVICE_SLUGS.map((slug) => [slug, servicePageSchema])) as Record<(typeof SERVICE_SLUGS)[number], typeof servicePageSchema>, {
      additionalProperties: false,
      title: 'Service pages',
    }),
  },
  { additionalProperties: false, title: 'Services' },
);

export type ServicesContent = Static<typeof servicesSchema>;
export type ServicePageContent = Static<typeof servicePageSchema>;

import { randomUUID } from 'node:crypto';
import type { Kysely } from 'kysely';

/**
 * `case_studies`: the owner's case studies, each a draft or published, and the four tiles of the
 * home and portfolio grids (`featured_slot` 1 to 4, each held by at most one). The two client
 * sites the grids showed before are seeded as published and featured first and second, so that a
 * site reads as it did; the two "coming soon" tiles stay empty slots, which show a placeholder.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema
    .createTable('case_studies')
    .addColumn('id', 'text', (col) => col.primaryKey())
    .addColumn('slug', 'text', (col) => col.notNull().unique())
    .addColumn('title', 'text', (col) => col.notNull())
    .addColumn('client', 'text', (col) => col.notNull())
    .addColumn('sector', 'text', (col) => col.notNull())
    .addColumn('summary', 'text', (col) => col.notNull())
    .addColumn('text', 'text', (col) => col.notNull())
    /** An upload's address (`/uploads/{key}.webp`) or an image of the site itself. */
    .addColumn('cover_url', 'text', (col) => col.notNull())
    .addColumn('cover_alt', 'text', (col) => col.notNull())
    .addColumn('cover_width', 'integer', (col) => col.notNull())
    .addColumn('cover_height', 'integer', (col) => col.notNull())
    .addColumn('live_url', 'text')
    /** JSON: `[{ label, value }]`. */
    .addColumn('results', 'text', (col) => col.notNull())
    .addColumn('status', 'text', (col) => col.notNull())
    .addColumn('published_at', 'text')
    .addColumn('created_at', 'text', (col) => col.notNull())
    .addColumn('updated_at', 'text', (col) => col.notNull())
    .addColumn('featured_slot', 'integer', (col) => col.unique())
    .execute();
  await db.schema.createIndex('case_studies_published_idx').on('case_studies').columns(['status', 'published_at']).execute();

  const now = new Date().toISOString();
  const seeds = SEEDS.map((seed, index) => ({
    id: randomUUID(),
    ...seed,
    cover_width: 800,
    cover_height: 600,
    results: JSON.stringify(seed.results),
    status: 'published',
    published_at: now,
    created_at: now,
    updated_at: now,
    featured_slot: index + 1,
  }));
  await (db as unknown as Kysely<{ case_studies: (typeof seeds)[number] }>).insertInto('case_studies').values(seeds).execute();
}

export async function down(db: Kysely<unknown>): Promise<void> {
  await db.schema.dropTable('case_studies').execute();
}

/** The grids' two client sites as they were shown before case studies were kept in the database. */
const SEEDS = [
  {
    slug: 'harbourline-bakery',
    title: 'Harbourline Bakery',
    client: 'Neighbourhood bakery and café',
    sector: 'Food and drink',
    summary: 'A warm, fast site with an online pre-order menu that cut phone orders at the counter by half.',
    cover_url: '/images/portfolio-harbourline-bakery-800.webp',
    cover_alt: 'Harbourline Bakery home page: a golden loaf beside the headline and three featured bakes below',
    live_url: 'https://harbourline-bakery.example',
    results: [
      { label: 'Phone orders at the counter', value: 'Halved' },
      { label: 'Pre-orders placed online', value: '60 %' },
    ],
    text: [
      '## The challenge',
      '',
      'Harbourline bakes in small batches, and every morning the phone rang while the queue grew: customers wanted to know what was left and to put a loaf aside. The old site was a slow page builder template that showed last season\'s menu.',
      '',
      '## What we built',
      '',
      '- A menu the team updates from a phone in a minute, with what is baked today marked as such.',
      '- Online pre-orders for collection, with a cut-off the evening before so the bakers can plan.',
      '- Opening hours, directions and allergy notes that are easy to find and read.',
      '',
      '## The outcome',
      '',
      'Within two months, phone orders at the counter were down by half, and most weekend orders arrive online the night before.',
    ].join('\n'),
  },
  {
    slug: 'northfield-physiotherapy',
    title: 'Northfield Physiotherapy',
    client: 'Physiotherapy clinic',
    sector: 'Health',
    summary: 'A calm, accessible clinic site with online booking and clear treatment pages patients actually read.',
    cover_url: '/images/portfolio-northfield-physio-800.webp',
    cover_alt: 'Northfield Physiotherapy home page in teal, with a booking button and four treatment icons',
    live_url: 'https://northfield-physio.example',
    results: [
      { label: 'Appointments booked online', value: '70 %' },
      { label: 'Accessibility checks passed', value: 'All' },
    ],
    text: [
      '## The challenge',
      '',
      'Northfield\'s patients include people recovering from injuries and older adults, and the clinic\'s reception spent much of the day booking appointments by phone.',
      '',
      '## What we built',
      '',
      '- Online booking linked to the clinic\'s calendar, with reminders by e-mail.',
      '- A page for each treatment in plain words: what happens, how long it takes, what it costs.',
      '- Large text, strong contrast and a layout that works with a screen reader and a keyboard alone.',
      '',
      '## The outcome',
      '',
      'Most appointments are now booked online, and reception has time for the patients in front of it.',
    ].join('\n'),
  },
];

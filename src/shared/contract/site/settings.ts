import { Type, type Static } from 'typebox';
import { stringEnum } from '../common';
import { exactly, imageSchema, line, text } from './fields';

const SOCIAL_NETWORKS = ['linkedin', 'instagram', 'github', 'facebook', 'x'] as const;

const socialProfileSchema = Type.Object(
  {
    network: stringEnum(SOCIAL_NETWORKS, { title: 'Network', description: 'Which icon the footer shows.' }),
    label: line('Link text', 'What a screen reader says for the icon, e.g. "Studio on LinkedIn".'),
    url: Type.String({ title: 'Profile link', maxLength: 500, description: 'An `https://` address.' }),
  },
  { additionalProperties: false },
);

const postalAddressSchema = Type.Object(
  {
    street: line('Street'),
    locality: line('City'),
    region: line('State or region'),
    postalCode: Type.String({ title: 'Postal code', maxLength: 20 }),
    country: Type.String({ title: 'Country code', maxLength: 2, description: 'ISO 3166-1 alpha-2, e.g. US.' }),
  },
  { additionalProperties: false, title: 'Postal address' },
);

/** Who the site belongs to and how to reach them: every page's chrome, titles, share tags, structured data, feeds and mail read it. */
export const settingsSchema = Type.Object(
  {
    name: line('Site name', 'The business name: page titles, the logo, share tags, feeds and the sender of mail.'),
    shortName: Type.String({ title: 'Short name', maxLength: 40, description: 'Where the full name does not fit (the app name on a phone).' }),
    tagline: line('Tagline'),
    description: text('Site description', 'For search results and shared links of the home page (about 150 characters).'),
    email: Type.String({ title: 'E-mail address', maxLength: 254 }),
    phone: Type.String({ title: 'Phone number', maxLength: 40, description: 'As visitors read it, e.g. (202) 555-0147.' }),
    phoneInternational: Type.String({ title: 'Phone number, international', maxLength: 20, description: 'For the call link: + and the country code, e.g. +12025550147.' }),
    whatsapp: Type.String({ title: 'WhatsApp number', maxLength: 20, description: 'The country code and number, digits only, e.g. 12025550147.' }),
    address: postalAddressSchema,
    addressIsIllustrative: Type.Boolean({ title: 'The address is an example', description: 'The footer then says so.' }),
    areaServed: Type.String({ title: 'Areas served', maxLength: 200, description: 'For search engines; may be left empty.' }),
    social: exactly(3, socialProfileSchema, 'Social profiles'),
    xAccount: Type.String({ title: 'X account', maxLength: 16, description: '"@name", for shared links on X; empty when there is none.' }),
    shareImage: Type.Union([imageSchema, Type.Null()], {
      title: 'Share image',
      description: 'The picture of shared links (1200×630). Empty: a card drawn from the site name and tagline.',
    }),
    timeZone: Type.String({ title: 'Time zone', maxLength: 64, description: 'Where the business is, as the IANA names it (America/New_York): reminders, bookings and backups keep its hours.' }),
  },
  { additionalProperties: false, title: 'Settings' },
);

export type SiteSettings = Static<typeof settingsSchema>;
export type ContentImage = Static<typeof imageSchema>;

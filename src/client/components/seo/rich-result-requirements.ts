/**
 * The properties Google's rich-result documentation requires (or, for types without a rich
 * result of their own, the ones this site promises) of each schema.org type the site emits.
 * Paths are dotted; `[]` means every element of a list. Tests check every emitted object
 * against this table, so a type added without its entry fails them.
 *
 * Sources: developers.google.com/search/docs/appearance/structured-data: organization,
 * local-business (ProfessionalService is a LocalBusiness: name and address required, the
 * address's parts and the telephone recommended, and kept here as required by this site),
 * article, faqpage, breadcrumb, merchant listing (Offer); Service and CreativeWork have no rich
 * result of their own, so schema.org's essentials (name, provider or creator).
 */
const REQUIRED_PROPERTIES: Record<string, readonly string[]> = {
  Organization: ['name', 'url', 'logo'],
  ProfessionalService: [
    'name',
    'url',
    'logo',
    'telephone',
    'address.streetAddress',
    'address.addressLocality',
    'address.addressRegion',
    'address.postalCode',
    'address.addressCountry',
  ],
  WebSite: ['name', 'url'],
  BlogPosting: ['headline', 'image', 'datePublished', 'author.name', 'author.url'],
  FAQPage: ['mainEntity', 'mainEntity[].name', 'mainEntity[].acceptedAnswer.text'],
  Offer: ['name', 'price', 'priceCurrency', 'url', 'itemOffered.name'],
  Service: ['name', 'description', 'provider.name', 'url'],
  CreativeWork: ['name', 'description', 'image', 'url', 'creator.name'],
  BreadcrumbList: ['itemListElement', 'itemListElement[].position', 'itemListElement[].name', 'itemListElement[].item'],
};

/** The required properties an object lacks (empty strings and empty lists count as missing); the type's name when it is unknown. */
export function missingProperties(data: Record<string, unknown>): string[] {
  const type = String(data['@type']);
  const required = REQUIRED_PROPERTIES[type];
  if (!required) return [`(no requirements known for @type ${type})`];
  return required.filter((path) => !present(data, path.split('.')));
}

function present(value: unknown, path: string[]): boolean {
  if (path.length === 0) return value !== undefined && value !== null && value !== '' && !(Array.isArray(value) && value.length === 0);
  const [head, ...rest] = path;
  const list = head!.endsWith('[]');
  const next = (value as Record<string, unknown> | null | undefined)?.[list ? head!.slice(0, -2) : head!];
  if (!list) return present(next, rest);
  return Array.isArray(next) && next.length > 0 && next.every((item) => present(item, rest));
}

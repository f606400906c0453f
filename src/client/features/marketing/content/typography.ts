/** Sample copy for the typography page: every text style the site uses, with realistic words. */
export const typographyHero = {
  eyebrow: 'Style guide',
  title: 'Typography',
  lead: 'Every text style used across this website, in one place: headings, body text, lists, quotes, code and tables. Designers and editors can check new content against it.',
};

export const typographySamples = {
  headingsTitle: 'Headings',
  h1Note: 'Heading level 1 is the page title above; each page has exactly one.',
  headings: {
    h2: 'Heading level 2: page sections',
    h3: 'Heading level 3: topics within a section',
    h4: 'Heading level 4: small groups and cards',
  },
  paragraphsTitle: 'Paragraphs and inline text',
  lead: 'A lead paragraph introduces a page in a slightly larger size, so visitors know at a glance what they are about to read.',
  body: 'Body text is set at a comfortable size with generous line spacing, and lines stay short enough to read easily on a wide screen. Most of the words on this site look like this.',
  inline: {
    before: 'Inline styles add emphasis sparingly: ',
    strong: 'strong importance',
    em: 'gentle emphasis',
    link: 'a link to our services',
    code: 'inline code',
    kbd: 'Ctrl',
    mark: 'highlighted text',
    abbr: { short: 'SEO', long: 'search engine optimization' },
  },
  small: 'Small print is used for notes, captions and legal details that support the main text.',
  listsTitle: 'Lists',
  listNames: { unordered: 'Unordered list', ordered: 'Ordered list', nested: 'Nested list' },
  unordered: ['Fast, accessible websites', 'Online shops with a simple checkout', 'Search engine optimization', 'Maintenance and support'],
  ordered: ['Discovery', 'Planning', 'Design & Development', 'Testing & Deployment', 'Support & Maintenance'],
  nested: { item: 'Each package includes:', children: ['a named contact at the studio', 'a monthly report in plain English'] },
  quoteTitle: 'Quotations',
  quote: 'The best website is the one your customers never have to think about. They find what they came for, and they get on with their day.',
  quoteSource: 'Larkspur Web Studio design principles',
  codeTitle: 'Code',
  codeLabel: 'Code sample',
  codeIntro: 'Code samples appear in blog posts and technical documentation:',
  codeSample: `// Prepare a contact message without a server round trip.
const subject = encodeURIComponent(\`New Inquiry from \${name}\`);
window.open(\`mailto:\${to}?subject=\${subject}\`, '_self');`,
  tableTitle: 'Tables',
  tableCaption: 'Text styles at a glance. Sizes scale smoothly between small and large screens.',
  table: {
    head: ['Style', 'Size', 'Used for'],
    rows: [
      ['Heading 1', '2 to 3.25 rem', 'The one title of each page'],
      ['Heading 2', '1.6 to 2.25 rem', 'Page sections'],
      ['Heading 3', '1.375 rem', 'Topics, cards and steps'],
      ['Lead', '1.0625 to 1.25 rem', 'The introduction under a page title'],
      ['Body', '1.0625 rem', 'All reading text'],
      ['Small', '0.875 rem', 'Notes, captions and legal details'],
    ],
  },
};

import { paths } from '../../../../shared/paths';
import type { SiteImage } from '../../../components/ui/site-img';
import { SERVICE_SLUGS, type ServiceSlug } from '../../../../shared/service-slugs';
import { illustration } from './images';

export interface ServiceDetail {
  slug: ServiceSlug;
  /** The page's heading and the name used in links to it. */
  name: string;
  /** One sentence: the tile's text and the page's lead. */
  summary: string;
  /** The meta description (about 150 characters). */
  description: string;
  image: SiteImage;
  /** Descriptive text under the hero. */
  overview: readonly string[];
  included: readonly { title: string; text: string }[];
  benefits: readonly string[];
  idealFor: string;
}

export const servicesHero = {
  eyebrow: 'Services',
  title: 'Everything your website needs, from one team',
  lead: 'From a first website to a custom web application, we plan, design, build and support it in-house. Pick the help you need now; add more when your business is ready.',
};

export const servicesGrid = {
  title: 'What We Do',
  intro: 'Specialist services for businesses that have outgrown a template, or never fitted one.',
  learnMore: 'Learn more',
  listLabel: 'Specialist services',
};

/** The six tiles of the services overview, in their fixed order (docs/product.md#services). */
export const overviewTiles: readonly ServiceSlug[] = ['fullstack', 'api', 'uiux', 'database', 'performance', 'security'];

/** The four services of the navbar, linked from the overview under the tiles. */
export const coreServices = {
  title: 'Looking for the essentials?',
  text: 'Most of our clients start with one of these:',
  slugs: ['webdevelopment', 'ecommerce', 'seo', 'maintenance'] as readonly ServiceSlug[],
};

export const processSection = {
  title: 'How We Work',
  intro: 'A clear, five-step process, so you always know what happens next and what we need from you.',
  steps: [
    {
      title: 'Discovery',
      text: 'We learn about your business, your customers and your goals, and review what you have today.',
    },
    {
      title: 'Planning',
      text: 'We agree the scope, the pages and features, a timeline and a fixed price, all written down in plain English.',
    },
    {
      title: 'Design & Development',
      text: 'We design the look and feel with you, then build it, sharing a private preview you can click through as it grows.',
    },
    {
      title: 'Testing & Deployment',
      text: 'We test on real phones, tablets and browsers, check accessibility and speed, then launch with no downtime.',
    },
    {
      title: 'Support & Maintenance',
      text: 'We keep your site updated, backed up and secure, and we are a message away when you need a change.',
    },
  ],
};

export const serviceActions = {
  services: { label: 'View Services', to: paths.services },
  start: { label: 'Get Started', to: paths.packages },
  includedTitle: "What's Included",
  benefitsTitle: 'What You Can Expect',
  idealTitle: 'Is This Right for You?',
  closingTitle: 'Have a question first?',
  closingText: 'Tell us about your project and we will reply within one business day with honest, no-obligation advice.',
  closingAction: { label: 'Contact Us', to: paths.contact },
  packagesAction: { label: 'Compare Packages', to: paths.packages },
};

export const services: Readonly<Record<ServiceSlug, ServiceDetail>> = {
  webdevelopment: {
    slug: 'webdevelopment',
    name: 'Web Development',
    summary: 'Custom websites that load fast, read well on every screen and are easy for you to update.',
    description: 'Custom website development for small businesses: fast, accessible, mobile-friendly sites you can update yourself, built and supported by Larkspur Web Studio.',
    image: illustration('expertise-web-development', 'A code editor beside the web page it produces'),
    overview: [
      'Your website is often the first conversation a customer has with your business. We build sites that make that conversation easy: clear about what you offer, quick to load on a patchy mobile connection and simple to act on, whether that means calling, booking or buying.',
      'Every site is designed around your content and built with modern, standards-based code rather than a heavy theme. That keeps it fast, secure and easy to change, and it means you are never tied to us or to a single platform.',
    ],
    included: [
      { title: 'Custom design', text: 'A layout and visual style made for your brand and your customers, not a recycled template.' },
      { title: 'Mobile-first build', text: 'Pages that work from the smallest phone to a wide desktop screen, tested on real devices.' },
      { title: 'Easy editing', text: 'Update text, photos, opening hours and news yourself, with a short training session included.' },
      { title: 'Search-ready foundations', text: 'Clean page structure, titles, descriptions and a sitemap so search engines understand your site.' },
      { title: 'Contact and booking forms', text: 'Forms that reach the right inbox, with spam protection and clear confirmation messages.' },
      { title: 'Launch and hand-over', text: 'Domain, hosting and SSL set up for you, plus written notes on how everything fits together.' },
    ],
    benefits: [
      'Pages that load in about a second on a typical phone connection',
      'Accessibility built in and checked against WCAG 2.2 AA',
      'A site you own outright, with no proprietary lock-in',
      'A fixed price agreed before work starts',
    ],
    idealFor: 'Businesses launching their first proper website, or replacing one that is slow, dated or impossible to update.',
  },
  ecommerce: {
    slug: 'ecommerce',
    name: 'E-Commerce',
    summary: 'Online shops that are pleasant to browse, quick to check out and simple to run day to day.',
    description: 'E-commerce websites for small businesses: product pages that sell, a fast checkout, secure card payments and orders you can manage from your phone.',
    image: illustration('expertise-e-commerce', 'Three product cards in an online shop, a shopping cart and a payment card'),
    overview: [
      'Selling online should feel like an extension of your shop, not a second job. We build stores with clear product pages, honest delivery information and a checkout short enough that customers actually finish it.',
      'Behind the scenes you get tools that fit how you already work: stock that stays in sync, order notifications on your phone, and reports that show what is selling. We connect trusted payment providers, so card details never touch your server.',
    ],
    included: [
      { title: 'Product catalogue', text: 'Categories, variants such as size and colour, good photography layouts and search that finds things.' },
      { title: 'Streamlined checkout', text: 'Guest checkout, saved addresses, and the card and wallet payments your customers expect.' },
      { title: 'Shipping and collection', text: 'Delivery zones, rates and click-and-collect, with clear costs shown before the checkout.' },
      { title: 'Order management', text: 'Email and phone notifications, packing slips and refunds in a few clicks.' },
      { title: 'Promotions', text: 'Discount codes, seasonal sales and free-delivery thresholds you can switch on yourself.' },
      { title: 'Sales insights', text: 'Simple reports on orders, best-sellers and abandoned baskets, without a spreadsheet.' },
    ],
    benefits: [
      'A checkout designed to reduce abandoned baskets',
      'Secure payments through established card providers',
      'Product pages structured for search engines and sharing',
      'Training so your team can run the shop confidently',
    ],
    idealFor: 'Shops, makers and service businesses ready to take orders online, or unhappy with a marketplace that takes a large cut.',
  },
  seo: {
    slug: 'seo',
    name: 'SEO',
    summary: 'Search engine optimization that helps local customers find you, built on technical fixes and useful content.',
    description: 'SEO for small businesses: technical audits, local search and Google Business Profile, content that answers real questions, and clear monthly reporting.',
    image: illustration('expertise-seo', 'A search results page with the first result highlighted and a chart trending upwards'),
    overview: [
      'Most small businesses do not need to rank for everything; they need to appear when someone nearby searches for exactly what they offer. Our search engine optimization work focuses on those searches and the pages that answer them.',
      'We start with a technical audit, fix what stops search engines reading your site, then improve your local listings and content. You get a short monthly report that says what changed, what it did and what we recommend next. No guaranteed rankings, no shortcuts that put your site at risk.',
    ],
    included: [
      { title: 'Technical audit', text: 'Crawl errors, broken links, slow pages, duplicate content and missing metadata, found and fixed.' },
      { title: 'Local search', text: 'Google Business Profile, consistent name, address and phone details, and review guidance.' },
      { title: 'Keyword research', text: 'The phrases your customers really use, matched to pages that deserve to rank for them.' },
      { title: 'On-page improvements', text: 'Titles, headings, descriptions, internal links and structured data tuned page by page.' },
      { title: 'Content planning', text: 'Ideas and outlines for articles and service pages that answer the questions customers ask.' },
      { title: 'Monthly reporting', text: 'Traffic, enquiries and rankings that matter, explained in a single page.' },
    ],
    benefits: [
      'More visits from people actively looking for what you sell',
      'A healthier site that search engines can crawl and understand',
      'Local visibility on maps and in nearby searches',
      'Ethical methods that protect your site long term',
    ],
    idealFor: 'Businesses with a good website that too few people find, especially those serving a local area.',
  },
  maintenance: {
    slug: 'maintenance',
    name: 'Maintenance & Support',
    summary: 'Updates, backups, monitoring and a real person to call, so your website keeps working while you work.',
    description: 'Website maintenance and support for small businesses: security updates, daily backups, uptime monitoring, content changes and fast help from real people.',
    image: illustration('expertise-maintenance-support', 'A monitoring dashboard with an uptime graph, completed checks and a security shield'),
    overview: [
      'A website is never really finished. Software needs updating, certificates expire, plugins break and content goes out of date. Our maintenance plans take care of all of it, quietly and on schedule, before small problems become expensive ones.',
      'When you need something changed, you message the people who know your site. We handle routine edits quickly, tell you plainly when something is bigger, and keep a record of every change we make.',
    ],
    included: [
      { title: 'Security updates', text: 'Software, plugins and dependencies kept current and tested before they reach your live site.' },
      { title: 'Daily backups', text: 'Automatic off-site backups, with restores tested so we know they work when you need them.' },
      { title: 'Uptime monitoring', text: 'Round-the-clock checks that alert us within minutes if your site goes down.' },
      { title: 'Content changes', text: 'Text, images, prices and new pages updated for you, usually the same or next business day.' },
      { title: 'Health reports', text: 'A monthly summary of updates, uptime, speed and anything that needs your attention.' },
      { title: 'Direct support', text: 'Email, phone or WhatsApp access to the developers who look after your site.' },
    ],
    benefits: [
      'Fewer surprises, outages and emergency bills',
      'A site that stays secure and compatible with new browsers',
      'Someone who already knows your site when you need help',
      'Predictable monthly cost instead of ad hoc invoices',
    ],
    idealFor: 'Any business whose website matters to its income and who would rather not manage updates and backups themselves.',
  },
  api: {
    slug: 'api',
    name: 'API Development and Integration',
    summary: 'Connect your website to the tools you already use, and build APIs that let your systems talk to each other.',
    description: 'API development and integration for small businesses: connect payments, booking, CRM, accounting and inventory systems, or build a secure, documented API of your own.',
    image: illustration('service-api', 'A website and a server exchanging data through a connector'),
    overview: [
      'Most businesses run on a handful of separate tools: a booking system, an accounting package, a mailing list, a spreadsheet that holds it all together. We connect them, so information entered once flows where it is needed and nobody retypes an order at the end of the day.',
      'When off-the-shelf connectors are not enough, we design and build APIs of our own: secure, documented and versioned, so your website, mobile app or partners can rely on them for years.',
    ],
    included: [
      { title: 'Integration audit', text: 'A map of your current tools and data, with the quickest wins for automation marked.' },
      { title: 'Third-party integrations', text: 'Payments, booking, CRM, email marketing, accounting and shipping services connected reliably.' },
      { title: 'Custom REST APIs', text: 'Well-structured endpoints with validation, clear errors and sensible limits.' },
      { title: 'Authentication and access', text: 'Tokens, keys and permissions that give each system exactly the access it needs.' },
      { title: 'Documentation', text: 'Reference documentation and examples that another developer can follow on day one.' },
      { title: 'Monitoring and retries', text: 'Logging, alerts and automatic retries, so a brief outage elsewhere does not lose data.' },
    ],
    benefits: [
      'Hours of manual data entry removed every week',
      'Fewer mistakes from copying information between systems',
      'Secure, well-documented interfaces you own',
      'Room to add new tools without starting again',
    ],
    idealFor: 'Businesses juggling several systems, or planning an app or partner integration that needs a dependable API.',
  },
  database: {
    slug: 'database',
    name: 'Database Design and Optimization',
    summary: 'Well-structured databases that keep your data accurate, fast to query and safe from loss.',
    description: 'Database design and optimization: data modelling, query tuning, indexing, migrations and backups for PostgreSQL, MySQL and SQLite, from Larkspur Web Studio.',
    image: illustration('service-database', 'A stack of database cylinders beside a table of records and a lightning bolt'),
    overview: [
      'Behind every booking system, shop and customer portal is a database. When it is designed well, pages are fast and reports are right. When it grows without a plan, everything slows down and small errors multiply.',
      'We design data models that match how your business actually works, tune the queries that slow your pages, and put backups and migrations in place so changes are safe. We work with PostgreSQL, MySQL and SQLite, and explain our recommendations in plain terms.',
    ],
    included: [
      { title: 'Data modelling', text: 'Tables, relationships and constraints that keep your information consistent and complete.' },
      { title: 'Query tuning', text: 'Slow queries found with real measurements and rewritten or indexed to run in milliseconds.' },
      { title: 'Safe migrations', text: 'Versioned schema changes that can be reviewed, tested and rolled out without downtime.' },
      { title: 'Backup and recovery', text: 'Scheduled backups with point-in-time recovery, and restores we have actually tested.' },
      { title: 'Data clean-up', text: 'Duplicates merged, formats standardised and old records archived with care.' },
      { title: 'Reporting views', text: 'Clean, read-only views that make reporting simple and keep it away from live data.' },
    ],
    benefits: [
      'Faster pages and reports as your data grows',
      'Fewer data errors and inconsistencies',
      'Confidence that your data can be recovered',
      'A structure that is ready for new features',
    ],
    idealFor: 'Businesses whose site or app has slowed down as it grew, or who are planning a system that will hold important data.',
  },
  fullstack: {
    slug: 'fullstack',
    name: 'Full-Stack Web Development',
    summary: 'Complete web applications, from the interface your customers see to the server and data behind it.',
    description: 'Full-stack web development for small businesses: customer portals, booking systems and internal tools, designed and built end to end with React, Node.js and SQL.',
    image: illustration('service-fullstack', 'Three stacked layers, interface, server and data, connected and checked'),
    overview: [
      'Sometimes a website is not enough: you need customer accounts, a booking system, a quoting tool or a dashboard your team uses all day. Full-stack development means one team builds every layer of it, from the screens people use to the server logic and database underneath.',
      'We build with proven, widely used technology such as TypeScript, React, Node.js and SQL databases, so the result is fast, secure and maintainable by any competent developer. You see working software early and often, and we shape it with you as we go.',
    ],
    included: [
      { title: 'Product scoping', text: 'Workshops that turn an idea into a clear list of features, priorities and a first release.' },
      { title: 'Front-end development', text: 'Responsive, accessible interfaces that feel quick and work with keyboard and screen reader.' },
      { title: 'Back-end development', text: 'Business logic, user accounts, permissions, email and file handling on a secure server.' },
      { title: 'Data and integrations', text: 'A sound database design and connections to the services you already use.' },
      { title: 'Automated testing', text: 'Tests at every layer, run on each change, so new features do not break old ones.' },
      { title: 'Deployment and hosting', text: 'Reliable hosting, automated releases and monitoring from the first day.' },
    ],
    benefits: [
      'One accountable team for the whole application',
      'Working software in your hands within weeks',
      'Code and infrastructure you own and can hand on',
      'A foundation that grows with your business',
    ],
    idealFor: 'Businesses with a process that spreadsheets and off-the-shelf tools can no longer handle, or an idea for a customer-facing web app.',
  },
  performance: {
    slug: 'performance',
    name: 'Performance Optimization',
    summary: 'Faster pages that keep visitors, rank better and feel effortless on any phone.',
    description: 'Website performance optimization: Core Web Vitals, image and code optimization, caching and hosting improvements that make slow small-business sites fast.',
    image: illustration('service-performance', 'A speed gauge with its needle in the green, and a lightning bolt'),
    overview: [
      'Every second a page takes to load costs you visitors, and search engines take speed into account too. Many small-business sites are slowed down by oversized images, heavy themes and scripts nobody remembers adding.',
      'We measure your site the way your visitors experience it, on mid-range phones and real connections, then fix what matters most first. You get a before-and-after report with the Core Web Vitals that search engines use.',
    ],
    included: [
      { title: 'Performance audit', text: 'Lab and field measurements of your key pages, with each problem ranked by its impact.' },
      { title: 'Image optimization', text: 'Modern formats, correct sizes and lazy loading, often the biggest single win.' },
      { title: 'Code diet', text: 'Unused scripts, styles and plugins removed; what remains split and loaded only when needed.' },
      { title: 'Caching and delivery', text: 'Browser caching, compression and a content delivery network set up properly.' },
      { title: 'Core Web Vitals', text: 'Loading, responsiveness and layout stability brought into the "good" range where possible.' },
      { title: 'Performance budget', text: 'Limits and checks that stop the site slowing down again as it changes.' },
    ],
    benefits: [
      'Pages that feel instant on everyday phones',
      'Lower bounce rates and more completed enquiries',
      'Better standing in search results',
      'Lower hosting costs from lighter pages',
    ],
    idealFor: 'Businesses whose site feels sluggish, scores poorly in speed tests, or loses visitors on mobile.',
  },
  security: {
    slug: 'security',
    name: 'Security Enhancements',
    summary: 'Practical protection for your website, your data and your customers, without slowing anyone down.',
    description: 'Website security for small businesses: security audits, HTTPS and headers, safe logins, updates, backups and monitoring that protect your site and your customers.',
    image: illustration('service-security', 'A web page with a secure padlock in the address bar, beside a shield with a lock'),
    overview: [
      'Small businesses are attacked every day, not because they are targeted personally but because automated tools look for any site with a known weakness. A hacked site can lose you customers, search rankings and sensitive data in a single night.',
      'We review your site and hosting, close the gaps we find and put sensible defences in place: modern encryption, careful handling of passwords and personal data, and monitoring that tells us when something looks wrong. We explain the risks in proportion, without scare tactics.',
    ],
    included: [
      { title: 'Security review', text: 'A check of your site, plugins, hosting and accounts against common attack routes.' },
      { title: 'HTTPS and headers', text: 'Correct certificates, redirects and security headers such as a content security policy.' },
      { title: 'Safer logins', text: 'Strong password storage, rate limiting and two-factor authentication for your team.' },
      { title: 'Patching', text: 'Known vulnerabilities fixed promptly, with updates tested before release.' },
      { title: 'Data protection', text: 'Personal data collected only where needed, stored carefully and deleted on schedule.' },
      { title: 'Monitoring and recovery', text: 'Alerts for suspicious activity, plus an agreed plan and backups if the worst happens.' },
    ],
    benefits: [
      'A smaller target for automated attacks',
      'Protection for your customers and their data',
      'Clear steps to follow if something goes wrong',
      'Peace of mind, documented in a short report',
    ],
    idealFor: 'Businesses that take payments or personal details online, run older software, or have been hacked before.',
  },
  uiux: {
    slug: 'uiux',
    name: 'Responsive UI/UX Design',
    summary: 'Interfaces that are clear, attractive and comfortable on every screen size, tested with real people.',
    description: 'Responsive UI/UX design for small businesses: user research, wireframes, accessible visual design and prototypes that make websites and apps easy to use on any device.',
    image: illustration('service-uiux', 'A design shown on a desktop browser and a phone, with a colour palette and a pointer'),
    overview: [
      'Good design is not decoration; it is what lets a customer find the price, book the appointment or complete the order without thinking about it. We design interfaces around the tasks your customers come to do.',
      'We start from your customers and content, sketch and test layouts early, then create a visual design that reflects your brand and meets accessibility standards. Every layout is designed to adapt gracefully from a small phone to a wide screen.',
    ],
    included: [
      { title: 'User research', text: 'Short interviews, analytics review and task analysis to learn what your customers need.' },
      { title: 'Information architecture', text: 'Navigation and page structure that make content easy to find.' },
      { title: 'Wireframes', text: 'Quick, low-detail layouts to agree the structure before visual design begins.' },
      { title: 'Visual design', text: 'Colour, type and imagery in line with your brand, with accessible contrast throughout.' },
      { title: 'Interactive prototypes', text: 'Clickable prototypes tested with real users on phones and desktops.' },
      { title: 'Design system', text: 'Reusable components and guidelines so future pages stay consistent.' },
    ],
    benefits: [
      'Customers complete tasks faster and with fewer errors',
      'A consistent, professional look on every device',
      'Accessible design that reaches more people',
      'Design decisions backed by evidence, not guesswork',
    ],
    idealFor: 'Businesses planning a new site or app, or whose current one confuses customers or looks dated on phones.',
  },
};

export function isServiceSlug(value: string): value is ServiceSlug {
  return (SERVICE_SLUGS as readonly string[]).includes(value);
}

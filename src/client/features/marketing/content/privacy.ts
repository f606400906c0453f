/**
 * The privacy policy. Kept as data (headings, paragraphs, lists) so the page stays a layout.
 * `{email}` and `{name}` are filled from the site configuration, `{contactForm}` by how the
 * contact form sends.
 */
type PolicyBlock =
  | { kind: 'p'; text: string }
  /** With `termed`, each item starts with a term ended by a colon, shown in bold. */
  | { kind: 'ul'; items: readonly string[]; termed?: boolean };

export interface PolicySection {
  id: string;
  title: string;
  blocks: readonly PolicyBlock[];
}

export const privacyHero = {
  eyebrow: 'Privacy',
  title: 'Privacy Policy',
  lead: 'How {name} handles personal information, and the privacy rights of California residents.',
  updated: 'Last updated: November 1, 2026',
  tocTitle: 'On this page',
};

export const privacyRequestSubject = 'California Privacy Rights';

/** What the contact form does with a message (`{contactForm}`), by how the site sends it (CONTACT_DELIVERY). */
export const privacyContactForm = {
  mailto: 'Our contact form does not store anything on our servers; it prepares an email in your own email app, which you choose whether to send.',
  server:
    'Our contact form sends them to our server, which stores them and emails them to us. We keep them until we delete them; messages our spam checks catch are deleted after 30 days. The contact page sets one cookie, strictly necessary for the form: it holds only the time the form was handed out, signed so that it cannot be altered, goes back only with the form, and expires after a day. It does not identify you. With your message the form also sends how your visit reached us, read from your browser only when you press Send: the page you arrived on, the name of the site that linked to it, the campaign tags of that first address (utm_source, utm_medium, utm_campaign) and the pages of this site you viewed before writing, at most 50. Unless you send a message, none of it is kept as yours: the visit statistics described below count the site that linked to a visit and its utm_source without knowing whose visit it was. If your browser sends Do Not Track or Global Privacy Control, none of it is sent at all. We keep it with your message, to know which pages and campaigns bring us clients, and delete it with the message; you may ask us to erase every message you sent.',
} as const;

export const privacySections: readonly PolicySection[] = [
  {
    id: 'overview',
    title: 'Overview',
    blocks: [
      { kind: 'p', text: '{name} ("we", "us") respects your privacy. This policy explains what personal information we collect through this website, how we use it, and the choices and rights you have. It applies to this website and to enquiries you send us.' },
    ],
  },
  {
    id: 'information-we-collect',
    title: 'Information We Collect',
    blocks: [
      { kind: 'p', text: 'We collect only what we need to reply to you and to keep this website running safely:' },
      {
        kind: 'ul',
        termed: true,
        items: [
          'Information you send us: your name, email address and message when you contact us. {contactForm}',
          'Blog by e-mail: if you subscribe to new posts, we keep your email address, when you subscribed and confirmed, and, if our mail server could not deliver to it, the reason. The address is used only to send you new posts; an address not confirmed within 7 days is deleted. Every mail has a link to unsubscribe: unsubscribing deletes your address at once. The mails carry no tracking pixel and their links are not rewritten, so we do not know whether or when you open them. The blog pages set one cookie for the subscribe form, like the contact page: only the signed time the form was handed out, sent back only with the form, expiring after a day.',
          'Technical information: like most websites, our servers record basic request details: the page requested, the time of the request and your IP address shortened (its last part left out, so it points to a network rather than to you), to keep the site secure and working.',
          'Payment information: package payments are handled by our card payment provider on its own checkout pages. We receive confirmation of payment and your billing contact details, never your full card number.',
        ],
      },
      { kind: 'p', text: 'We do not use advertising trackers, and we do not build profiles of visitors.' },
      {
        kind: 'p',
        text: 'Visit statistics: our own software counts which pages are read, and how fast they load for real visitors, without sending anything to anyone else. We set no cookie and store nothing in your browser. To count a visitor once a day, the IP address and browser type are combined with a random value that is replaced every day and never stored, so the count cannot be traced back to you; the address itself is never stored. We record the page, the name of the site that linked to it, the campaign tag of the first address you arrived at (utm_source, such as the name of a newsletter), and whether it was read on a phone, a tablet or a computer. If your browser sends Do Not Track or Global Privacy Control, you are not counted at all, nor are automated visitors. Single records are kept for 90 days; after that only daily totals remain.',
      },
    ],
  },
  {
    id: 'how-we-use-information',
    title: 'How We Use Information',
    blocks: [
      {
        kind: 'ul',
        items: [
          'To answer your questions and provide the services you ask for.',
          'To send invoices and service messages about your package.',
          'To protect this website and our clients from fraud, abuse and security threats.',
          'To meet our legal and accounting obligations.',
        ],
      },
    ],
  },
  {
    id: 'sharing',
    title: 'Sharing and No Sale of Personal Information',
    blocks: [
      { kind: 'p', text: 'We do not sell your personal information, and we do not share it for cross-context behavioral advertising. We have not done so in the past 12 months.' },
      { kind: 'p', text: 'We share information only with service providers who help us run our business, such as our hosting company, email provider and card payment provider, under contracts that limit their use of it to the services they provide to us, and when the law requires it.' },
    ],
  },
  {
    id: 'california-rights',
    title: 'Your California Privacy Rights',
    blocks: [
      { kind: 'p', text: 'If you are a California resident, the California Consumer Privacy Act, as amended by the California Privacy Rights Act, gives you the following rights:' },
      {
        kind: 'ul',
        termed: true,
        items: [
          'Right to access: you may ask what personal information we have collected about you, where it came from, why we collected it and with whom we shared it, and ask for a copy of it.',
          'Right to correction: you may ask us to correct personal information about you that is inaccurate.',
          'Right to deletion: you may ask us to delete personal information we collected from you, subject to exceptions the law allows, such as records we must keep for tax purposes.',
          'Right to opt out: you may opt out of the sale or sharing of your personal information. We do not sell or share personal information, but you may still send us an opt-out request and we will record it.',
          'Right to non-discrimination: we will not treat you differently, or charge you a different price, for exercising any of these rights.',
        ],
      },
    ],
  },
  {
    id: 'children',
    title: "Children's Privacy",
    blocks: [
      { kind: 'p', text: 'This website is intended for businesses and adults. We do not knowingly collect personal information from children under 16. If you believe a child under 16 has sent us personal information, please contact us and we will delete it.' },
    ],
  },
  {
    id: 'making-a-request',
    title: 'How to Make a Request',
    blocks: [
      { kind: 'p', text: 'To exercise any of the rights above, email us at {email} with the subject "California Privacy Rights". Tell us which right you want to use and how we can reach you.' },
      { kind: 'p', text: 'We will confirm that we received your request within 10 business days and respond within 45 days. We may need to verify your identity before acting on it, usually by confirming details you have already given us. You may also use an authorized agent to make a request on your behalf.' },
    ],
  },
  {
    id: 'retention-and-security',
    title: 'Retention and Security',
    blocks: [
      { kind: 'p', text: "We keep enquiries for as long as we need them to respond and to keep a record of our work together, and billing records for as long as the law requires. The website's software keeps no log files of its own: the request details above go to the log of the system that runs it, which keeps them only as long as that system is set to. We protect information with encryption in transit, access controls and regular updates, though no system can be guaranteed completely secure." },
    ],
  },
  {
    id: 'changes',
    title: 'Changes to This Policy',
    blocks: [
      { kind: 'p', text: 'We may update this policy from time to time. When we do, we will change the date at the top of this page, and for significant changes we will let clients know by email.' },
    ],
  },
  {
    id: 'contact',
    title: 'Contact Us',
    blocks: [{ kind: 'p', text: 'Questions about this policy or your personal information? Email {email} and we will be glad to help.' }],
  },
];

/** The heading of the privacy page's contents. */
export const privacyTocTitle = 'On this page';

/** What the contact form does with a message (`{contactForm}`), by how the site sends it (CONTACT_DELIVERY). */
export const privacyContactForm = {
  mailto: 'Our contact form does not store anything on our servers; it prepares an email in your own email app, which you choose whether to send.',
  server:
    'Our contact form sends them to our server, which stores them and emails them to us. We keep them until we delete them; messages our spam checks catch are deleted after 30 days. The contact page sets one cookie, strictly necessary for the form: it holds only the time the form was handed out, signed so that it cannot be altered, goes back only with the form, and expires after a day. It does not identify you. With your message the form also sends how your visit reached us, read from your browser only when you press Send: the page you arrived on, the name of the site that linked to it, the campaign tags of that first address (utm_source, utm_medium, utm_campaign) and the pages of this site you viewed before writing, at most 50. Unless you send a message, none of it is kept as yours: the visit statistics described below count the site that linked to a visit and its utm_source without knowing whose visit it was. If your browser sends Do Not Track or Global Privacy Control, none of it is sent at all. We keep it with your message, to know which pages and campaigns bring us clients, and delete it with the message; you may ask us to erase every message you sent.',
} as const;

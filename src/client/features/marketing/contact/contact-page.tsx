import { REFUSED_FORM_PARAM } from '../../../../shared/contact';
import type { PrefetchContext } from '../../../lib/page-module';
import { useRuntimeConfig } from '../../../lib/runtime-config';
import { Icon } from '../../../components/layout/contact-icons';
import { BookCallLink, prefetchBookingOpen } from '../../book';
import { Seo } from '../../../components/seo/seo';
import { Hero } from '../../../components/ui/hero';
import { contactCopy, contactHero } from '../content/contact';
import { contactApi } from './contact-api';
import { ContactForm } from './contact-form';
import styles from './contact-page.module.css';
import { useSiteSettings } from '../../../lib/site-content/site-content-api';

/**
 * The page is cached and shared, so it holds no start time of its form: the form asks for its
 * own when shown, and without script the answer's cookie carries it. Only the page answering a
 * refused post (never cached) arrives with its form's data: what was typed, and the errors.
 * @public Called by the server through the route table's lazily loaded PageModule.
 */
export async function prefetch({ store, config, searchParams, read }: PrefetchContext): Promise<void> {
  await prefetchBookingOpen({ store, read });
  if (config?.contactDelivery === 'server' && searchParams.has(REFUSED_FORM_PARAM)) void store.dispatch(contactApi.endpoints.getContactForm.initiate());
}

export default function ContactPage() {
  const site = useSiteSettings();
  const { contactDelivery } = useRuntimeConfig();
  const direct = [
    { icon: 'email' as const, label: contactCopy.emailLabel, text: site.email, href: `mailto:${site.email}` },
    { icon: 'phone' as const, label: contactCopy.phoneLabel, text: site.phone, href: `tel:${site.phoneInternational}` },
    { icon: 'whatsapp' as const, label: contactCopy.whatsappLabel, text: contactCopy.whatsappText, href: `https://wa.me/${site.whatsapp}`, external: true },
  ];
  return (
    <>
      <Seo
        title="Contact"
        description={`Tell ${site.name} about your website, online shop or project. Send a message, call or WhatsApp us; we reply within one business day.`}
      />
      <Hero eyebrow={contactHero.eyebrow} title={contactHero.title} lead={<p>{contactDelivery === 'server' ? contactHero.serverLead : contactHero.lead}</p>} />
      <div className={`container ${styles.layout}`}>
        <ContactForm to={site.email} />
        <aside className={styles.aside} aria-labelledby="contact-direct">
          <h2 id="contact-direct" className={styles.asideTitle}>
            {contactCopy.directTitle}
          </h2>
          <ul className={styles.direct}>
            {direct.map((item) => (
              <li key={item.icon}>
                <span className={styles.icon}>
                  <Icon name={item.icon} />
                </span>
                <span>
                  <span className={styles.label}>{item.label}</span>
                  <a href={item.href} {...(item.external ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
                    {item.text}
                    {item.external ? <span className="visually-hidden"> (opens in a new tab)</span> : null}
                  </a>
                </span>
              </li>
            ))}
          </ul>
          <BookCallLink />
          <h3 className={styles.hoursTitle}>{contactCopy.hoursTitle}</h3>
          <p className={styles.hours}>{contactCopy.hours}</p>
        </aside>
      </div>
    </>
  );
}

import { Fragment, type ReactNode } from 'react';
import type { SiteSettings } from '../../../../shared/contract/site/settings';
import { escapeHtml } from '../../../../shared/text/escape-html';
import { Seo } from '../../../components/seo/seo';
import { Hero } from '../../../components/ui/hero';
import prose from '../../../components/ui/prose.module.css';
import { useRuntimeConfig } from '../../../lib/runtime-config';
import { usePrivacyPage, useSiteSettings } from '../../../lib/site-content/site-content-api';
import { privacyContactForm, privacyTocTitle } from '../content/privacy';
import styles from './privacy-page.module.css';

/** Fills `{name}` and `{email}` of plain text from Settings; the address becomes a mail link. */
function fill(text: string, site: SiteSettings): ReactNode {
  return text
    .replace(/\{name\}/g, site.name)
    .split(/(\{email\})/)
    .map((part, i) =>
      part === '{email}' ? (
        <a key={i} href={`mailto:${site.email}`}>
          {site.email}
        </a>
      ) : (
        <Fragment key={i}>{part}</Fragment>
      ),
    );
}

/**
 * Fills a section's rendered HTML: `{name}` and `{email}` from Settings (the address a mail link
 * with the subject the section asks for), `{contactForm}` with what the contact form really does.
 * Everything put in is escaped; the rest is the server's sanitised HTML.
 */
function fillHtml(html: string, site: SiteSettings, contactForm: string, mailSubject: string | null): string {
  const href = `mailto:${site.email}${mailSubject ? `?subject=${encodeURIComponent(mailSubject)}` : ''}`;
  return html
    .replace(/\{name\}/g, escapeHtml(site.name))
    .replace(/\{contactForm\}/g, escapeHtml(contactForm))
    .replace(/\{email\}/g, `<a href="${escapeHtml(href)}">${escapeHtml(site.email)}</a>`);
}

export default function PrivacyPage() {
  const site = useSiteSettings();
  const policy = usePrivacyPage();
  // The policy says what the contact form really does: with server delivery messages are stored.
  const contactForm = privacyContactForm[useRuntimeConfig().contactDelivery ?? 'mailto'];
  return (
    <>
      <Seo
        title="Privacy Policy"
        description={`How ${site.name} collects and uses personal information, and your California privacy rights: access, correction, deletion and opt-out. We never sell your data.`}
      />
      <Hero eyebrow="Privacy" title={policy.title} lead={<p>{fill(policy.lead, site)}</p>}>
        <p className={styles.updated}>{policy.updated}</p>
      </Hero>
      <div className={`container ${styles.layout}`}>
        <nav className={styles.toc} aria-labelledby="privacy-toc">
          <h2 id="privacy-toc" className={styles.tocTitle}>
            {privacyTocTitle}
          </h2>
          <ol>
            {policy.sections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        <article className={prose.prose}>
          {policy.sections.map((section) => (
            <section key={section.id} aria-labelledby={section.id}>
              <h2 id={section.id} className={styles.heading}>
                {section.title}
              </h2>
              <div dangerouslySetInnerHTML={{ __html: fillHtml(section.html, site, contactForm, section.mailSubject) }} />
            </section>
          ))}
        </article>
      </div>
    </>
  );
}

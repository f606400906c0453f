import { Fragment, type ReactNode } from 'react';
import { site } from '../../../../shared/site';
import { Seo } from '../../../components/seo/seo';
import { Hero } from '../../../components/ui/hero';
import prose from '../../../components/ui/prose.module.css';
import { useRuntimeConfig } from '../../../lib/runtime-config';
import { privacyContactForm, privacyHero, privacyRequestSubject, privacySections } from '../content/privacy';
import styles from './privacy-page.module.css';

/** Fills `{name}` and `{email}` from the site configuration; the address becomes a mail link. */
function fill(text: string, mailSubject?: string): ReactNode {
  const href = `mailto:${site.email}${mailSubject ? `?subject=${encodeURIComponent(mailSubject)}` : ''}`;
  return text
    .replace(/\{name\}/g, site.name)
    .split(/(\{email\})/)
    .map((part, i) =>
      part === '{email}' ? (
        <a key={i} href={href}>
          {site.email}
        </a>
      ) : (
        <Fragment key={i}>{part}</Fragment>
      ),
    );
}

function TermedItem({ text, subject }: { text: string; subject?: string }) {
  const colon = text.indexOf(': ');
  if (colon < 0) return fill(text, subject);
  return (
    <>
      <strong>{text.slice(0, colon + 1)}</strong> {fill(text.slice(colon + 2), subject)}
    </>
  );
}

export default function PrivacyPage() {
  // The policy says what the contact form really does: with server delivery messages are stored.
  const contactForm = privacyContactForm[useRuntimeConfig().contactDelivery ?? 'mailto'];
  const sentence = (text: string) => text.replace('{contactForm}', contactForm);
  return (
    <>
      <Seo
        title="Privacy Policy"
        description={`How ${site.name} collects and uses personal information, and your California privacy rights: access, correction, deletion and opt-out. We never sell your data.`}
      />
      <Hero eyebrow={privacyHero.eyebrow} title={privacyHero.title} lead={<p>{fill(privacyHero.lead)}</p>}>
        <p className={styles.updated}>{privacyHero.updated}</p>
      </Hero>
      <div className={`container ${styles.layout}`}>
        <nav className={styles.toc} aria-labelledby="privacy-toc">
          <h2 id="privacy-toc" className={styles.tocTitle}>
            {privacyHero.tocTitle}
          </h2>
          <ol>
            {privacySections.map((section) => (
              <li key={section.id}>
                <a href={`#${section.id}`}>{section.title}</a>
              </li>
            ))}
          </ol>
        </nav>
        <article className={prose.prose}>
          {privacySections.map((section) => {
            // Requests go by e-mail with the subject the policy names (docs/product.md#privacy).
            const subject = section.id === 'making-a-request' ? privacyRequestSubject : undefined;
            return (
              <section key={section.id} aria-labelledby={section.id}>
                <h2 id={section.id} className={styles.heading}>
                  {section.title}
                </h2>
                {section.blocks.map((block, i) =>
                  block.kind === 'p' ? (
                    <p key={i}>{fill(sentence(block.text), subject)}</p>
                  ) : (
                    <ul key={i}>
                      {block.items.map(sentence).map((item) => (
                        <li key={item}>{block.termed ? <TermedItem text={item} subject={subject} /> : fill(item, subject)}</li>
                      ))}
                    </ul>
                  ),
                )}
              </section>
            );
          })}
        </article>
      </div>
    </>
  );
}

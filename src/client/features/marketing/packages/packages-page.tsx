import { paths } from '../../../../shared/paths';
import { JsonLd } from '../../../components/seo/json-ld';
import { Seo } from '../../../components/seo/seo';
import { useRuntimeConfig } from '../../../lib/runtime-config';
import { useSitePart, useSiteSettings } from '../../../lib/site-content/site-content-api';
import { faqPageFor, offerFor } from '../marketing-structured-data';
import { ButtonLink } from '../../../components/ui/button-link';
import { CallToAction } from '../../../components/ui/call-to-action';
import { Hero } from '../../../components/ui/hero';
import { Section } from '../../../components/ui/section';
import { packagesCopy } from '../content/packages';
import { formatPrice, PackageCard } from './package-card';
import styles from './packages-page.module.css';

export default function PackagesPage() {
  const { siteUrl } = useRuntimeConfig();
  const settings = useSiteSettings();
  const { hero, cardsTitle, cardsIntro, packages, billingTerms, faq, closing } = useSitePart('packages');
  const prices = packages.map((pkg) => `${pkg.title} ${formatPrice(pkg.pricePerMonth)}`).join(', ');
  return (
    <>
      <Seo title="Packages" description={`Monthly packages for small businesses, in US dollars per month: ${prices}. Social media, a managed website, branded email and priority support.`} />
      <JsonLd data={faqPageFor(siteUrl, faq)} />
      {packages.map((pkg, index) => (
        <JsonLd key={index} data={offerFor(siteUrl, pkg, settings)} />
      ))}
      <Hero eyebrow={hero.eyebrow} title={hero.title} lead={<p>{hero.lead}</p>} />

      <Section title={cardsTitle} intro={<p>{cardsIntro}</p>} centered>
        <ul className={styles.cards}>
          {packages.map((pkg, index) => (
            <li key={index}>
              <PackageCard pkg={pkg} />
            </li>
          ))}
        </ul>
      </Section>

      <Section title={packagesCopy.termsTitle} tone="muted">
        <ul className={styles.terms}>
          {billingTerms.map((term) => (
            <li key={term}>{term}</li>
          ))}
        </ul>
      </Section>

      <Section title={packagesCopy.faqTitle}>
        <div className={styles.faq}>
          {faq.map((item) => (
            <details key={item.question} className={styles.question}>
              <summary>{item.question}</summary>
              <p>{item.answer}</p>
            </details>
          ))}
        </div>
      </Section>

      <CallToAction title={closing.title} text={closing.text}>
        <ButtonLink to={paths.contact} variant="accent">
          {closing.actionLabel}
        </ButtonLink>
      </CallToAction>
    </>
  );
}

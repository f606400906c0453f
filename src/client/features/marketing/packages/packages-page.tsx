import * as sitePackages from '../../../../shared/site-packages';
import { JsonLd } from '../../../components/seo/json-ld';
import { Seo } from '../../../components/seo/seo';
import { useRuntimeConfig } from '../../../lib/runtime-config';
import { faqPageFor, offerFor } from '../marketing-structured-data';
import { ButtonLink } from '../../../components/ui/button-link';
import { CallToAction } from '../../../components/ui/call-to-action';
import { Hero } from '../../../components/ui/hero';
import { Section } from '../../../components/ui/section';
import { billingTerms, packagesClosing, packagesCopy, packagesFaq, packagesHero } from '../content/packages';
import { formatPrice, PackageCard } from './package-card';
import styles from './packages-page.module.css';

export default function PackagesPage() {
  const { siteUrl } = useRuntimeConfig();
  const prices = sitePackages.packages.map((pkg) => `${pkg.title} ${formatPrice(pkg.pricePerMonth)}`).join(', ');
  return (
    <>
      <Seo title="Packages" description={`Monthly packages for small businesses, in US dollars per month: ${prices}. Social media, a managed website, branded email and priority support.`} />
      <JsonLd data={faqPageFor(siteUrl, packagesFaq())} />
      {sitePackages.packages.map((pkg) => (
        <JsonLd key={pkg.id} data={offerFor(siteUrl, pkg)} />
      ))}
      <Hero eyebrow={packagesHero.eyebrow} title={packagesHero.title} lead={<p>{packagesHero.lead}</p>} />

      <Section title={packagesCopy.cardsTitle} intro={<p>{packagesCopy.cardsIntro}</p>} centered>
        <ul className={styles.cards}>
          {sitePackages.packages.map((pkg) => (
            <li key={pkg.id}>
              <PackageCard pkg={pkg} />
            </li>
          ))}
        </ul>
      </Section>

      <Section title={packagesCopy.termsTitle} tone="muted">
        <ul className={styles.terms}>
          {billingTerms().map((term) => (
            <li key={term}>{term}</li>
          ))}
        </ul>
      </Section>

      <Section title={packagesCopy.faqTitle}>
        <div className={styles.faq}>
          {packagesFaq().map((item) => (
            <details key={item.question} className={styles.question}>
              <summary>{item.question}</summary>
              <p>{item.answer}</p>
            </details>
          ))}
        </div>
      </Section>

      <CallToAction title={packagesClosing.title} text={packagesClosing.text}>
        <ButtonLink to={packagesClosing.action.to} variant="accent">
          {packagesClosing.action.label}
        </ButtonLink>
      </CallToAction>
    </>
  );
}

import { paths } from '../../../../shared/paths';
import { useParams } from 'react-router-dom';
import type { PrefetchContext, PrefetchResult } from '../../../lib/page-module';
import { JsonLd } from '../../../components/seo/json-ld';
import { Seo } from '../../../components/seo/seo';
import { breadcrumbsFor } from '../../../components/seo/breadcrumbs';
import { useRuntimeConfig } from '../../../lib/runtime-config';
import { useServicePage, useSiteSettings } from '../../../lib/site-content/site-content-api';
import { serviceFor } from '../marketing-structured-data';
import { ButtonLink, ButtonRow } from '../../../components/ui/button-link';
import { CallToAction } from '../../../components/ui/call-to-action';
import { CheckList } from '../../../components/ui/check-list';
import cards from '../../../components/ui/cards.module.css';
import { Hero } from '../../../components/ui/hero';
import prose from '../../../components/ui/prose.module.css';
import { Section } from '../../../components/ui/section';
import { NotFoundPage } from '../../not-found';
import type { ServiceSlug } from '../../../../shared/service-slugs';
import { isServiceSlug, serviceActions } from '../content/services';
import styles from './service-page.module.css';

/**
 * An unknown service answers 404, like any other unknown page.
 * @public Called by the server through the route table's lazily loaded PageModule.
 */
export async function prefetch({ params }: PrefetchContext): Promise<PrefetchResult | void> {
  if (!isServiceSlug(params.service ?? '')) return { status: 404 };
}

/** One component for the ten service pages, fed by the services content. */
export default function ServicePage() {
  const { service: slug = '' } = useParams();
  return isServiceSlug(slug) ? <ServiceView slug={slug} /> : <NotFoundPage />;
}

function ServiceView({ slug }: { slug: ServiceSlug }) {
  const { siteUrl } = useRuntimeConfig();
  const settings = useSiteSettings();
  const service = useServicePage(slug);

  return (
    <>
      <Seo title={service.title} description={service.description} />
      <JsonLd data={serviceFor(siteUrl, { ...service, slug }, settings)} />
      <JsonLd data={breadcrumbsFor(siteUrl, [{ name: 'Services', path: paths.services }, { name: service.title, path: paths.service(slug) }])} />
      <Hero eyebrow="Services" title={service.title} lead={<p>{service.summary}</p>} image={service.image ?? undefined}>
        <ButtonRow>
          <ButtonLink to={serviceActions.start.to}>{serviceActions.start.label}</ButtonLink>
          <ButtonLink to={serviceActions.services.to} variant="secondary">
            {serviceActions.services.label}
          </ButtonLink>
        </ButtonRow>
      </Hero>

      <div className={`container ${styles.overview}`}>
        {/* The server rendered and sanitised the owner's markdown, as it does a post's. */}
        <div className={prose.prose} dangerouslySetInnerHTML={{ __html: service.html }} />
      </div>

      <Section title={serviceActions.includedTitle} tone="muted">
        <ul className={`${cards.grid} ${cards.wide}`}>
          {service.included.map((item) => (
            <li key={item.title}>
              <div className={cards.card}>
                <h3>{item.title}</h3>
                <p>{item.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </Section>

      <Section title={serviceActions.benefitsTitle}>
        <div className={styles.split}>
          <CheckList items={service.benefits} className={styles.benefits} />
          <div className={styles.ideal}>
            <h3>{serviceActions.idealTitle}</h3>
            <p>{service.idealFor}</p>
          </div>
        </div>
      </Section>

      <CallToAction title={serviceActions.closingTitle} text={serviceActions.closingText}>
        <ButtonLink to={serviceActions.closingAction.to} variant="accent">
          {serviceActions.closingAction.label}
        </ButtonLink>
      </CallToAction>
    </>
  );
}

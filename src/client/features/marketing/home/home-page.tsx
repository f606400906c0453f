import { Link } from 'react-router-dom';
import { paths } from '../../../../shared/paths';
import { JsonLd } from '../../../components/seo/json-ld';
import { Seo } from '../../../components/seo/seo';
import { organizationFor, webSiteFor } from '../../../components/seo/structured-data';
import type { PrefetchContext, PrefetchResult } from '../../../lib/page-module';
import { useRuntimeConfig } from '../../../lib/runtime-config';
import { useSitePart, useSiteSettings } from '../../../lib/site-content/site-content-api';
import { BookCallLink, prefetchBookingOpen } from '../../book';
import { ButtonLink, ButtonRow } from '../../../components/ui/button-link';
import { CallToAction } from '../../../components/ui/call-to-action';
import { Hero } from '../../../components/ui/hero';
import { Section } from '../../../components/ui/section';
import { homeHeroImage } from '../content/home';
import { prefetchPortfolio, useGetPortfolioQuery } from '../portfolio/case-studies-api';
import { EMPTY_SLOTS, PortfolioGrid } from '../portfolio/portfolio-grid';
import { ExpertiseCarousel } from './expertise-carousel';
import { Testimonials } from './testimonials';
import styles from './home-page.module.css';

/**
 * The featured case studies for the grid; whether bookings are open for the closing call to
 * action (the page's words are at hand in the server's render).
 * @public Called by the server through the route table's lazily loaded PageModule.
 */
export async function prefetch(context: PrefetchContext): Promise<PrefetchResult | void> {
  const [portfolio] = await Promise.all([prefetchPortfolio(context), prefetchBookingOpen(context)]);
  return portfolio;
}

export default function HomePage() {
  const { siteUrl } = useRuntimeConfig();
  const { data: portfolio } = useGetPortfolioQuery();
  const settings = useSiteSettings();
  const { hero, expertise, recentWork, closing } = useSitePart('home');
  const testimonials = useSitePart('testimonials');
  return (
    <>
      <Seo title="Web development for small businesses" description={settings.description} />
      <JsonLd data={organizationFor(siteUrl, settings)} />
      <JsonLd data={webSiteFor(siteUrl, settings)} />
      <Hero eyebrow={hero.eyebrow} title={hero.title} lead={<p>{hero.lead}</p>} image={homeHeroImage}>
        <ButtonRow>
          <ButtonLink to={paths.services}>{hero.primaryLabel}</ButtonLink>
          <ButtonLink to={paths.packages} variant="secondary">
            {hero.secondaryLabel}
          </ButtonLink>
        </ButtonRow>
      </Hero>

      <Section title={expertise.title} intro={<p>{expertise.intro}</p>}>
        <ExpertiseCarousel slides={expertise.slides} label={expertise.label} />
      </Section>

      <Section title={recentWork.title} intro={<p>{recentWork.intro}</p>} tone="muted">
        <PortfolioGrid featured={portfolio?.featured ?? EMPTY_SLOTS} />
        <p className={styles.more}>
          <Link to={paths.portfolio} className={styles.moreLink}>
            {recentWork.seeMoreLabel}
            <span className="visually-hidden"> of our portfolio</span>
            <span aria-hidden="true"> →</span>
          </Link>
        </p>
      </Section>

      <Section title={testimonials.title} intro={<p>{testimonials.intro}</p>}>
        <Testimonials items={testimonials.items} />
        {testimonials.illustrative ? <p className={styles.note}>{testimonials.illustrativeNote}</p> : null}
      </Section>

      <CallToAction title={closing.title} text={closing.text}>
        <ButtonLink to={paths.contact} variant="accent">
          {closing.actionLabel}
        </ButtonLink>
        <BookCallLink variant="secondary" />
      </CallToAction>
    </>
  );
}

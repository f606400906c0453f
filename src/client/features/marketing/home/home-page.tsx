import { Link } from 'react-router-dom';
import { site } from '../../../../shared/site';
import * as siteTestimonials from '../../../../shared/site-testimonials';
import { JsonLd } from '../../../components/seo/json-ld';
import { Seo } from '../../../components/seo/seo';
import { organizationFor, webSiteFor } from '../../../components/seo/structured-data';
import type { PrefetchContext, PrefetchResult } from '../../../lib/page-module';
import { useRuntimeConfig } from '../../../lib/runtime-config';
import { BookCallLink, prefetchBookingOpen } from '../../book';
import { ButtonLink, ButtonRow } from '../../../components/ui/button-link';
import { CallToAction } from '../../../components/ui/call-to-action';
import { Hero } from '../../../components/ui/hero';
import { Section } from '../../../components/ui/section';
import { carouselSlides, expertise, homeClosing, homeHero, recentWork, testimonialsSection } from '../content/home';
import { prefetchPortfolio, useGetPortfolioQuery } from '../portfolio/case-studies-api';
import { EMPTY_SLOTS, PortfolioGrid } from '../portfolio/portfolio-grid';
import { ExpertiseCarousel } from './expertise-carousel';
import { Testimonials } from './testimonials';
import styles from './home-page.module.css';

/**
 * The featured case studies for the grid; whether bookings are open for the closing call to action.
 * @public Called by the server through the route table's lazily loaded PageModule.
 */
export async function prefetch(context: PrefetchContext): Promise<PrefetchResult | void> {
  const [portfolio] = await Promise.all([prefetchPortfolio(context), prefetchBookingOpen(context.store)]);
  return portfolio;
}

export default function HomePage() {
  const { siteUrl } = useRuntimeConfig();
  const { data: portfolio } = useGetPortfolioQuery();
  return (
    <>
      <Seo title="Web development for small businesses" description={site.description} />
      <JsonLd data={organizationFor(siteUrl)} />
      <JsonLd data={webSiteFor(siteUrl)} />
      <Hero eyebrow={homeHero.eyebrow} title={homeHero.title} lead={<p>{homeHero.lead}</p>} image={homeHero.image}>
        <ButtonRow>
          <ButtonLink to={homeHero.primary.to}>{homeHero.primary.label}</ButtonLink>
          <ButtonLink to={homeHero.secondary.to} variant="secondary">
            {homeHero.secondary.label}
          </ButtonLink>
        </ButtonRow>
      </Hero>

      <Section title={expertise.title} intro={<p>{expertise.intro}</p>}>
        <ExpertiseCarousel slides={carouselSlides} label={expertise.label} />
      </Section>

      <Section title={recentWork.title} intro={<p>{recentWork.intro}</p>} tone="muted">
        <PortfolioGrid featured={portfolio?.featured ?? EMPTY_SLOTS} />
        <p className={styles.more}>
          <Link to={recentWork.seeMore.to} className={styles.moreLink}>
            {recentWork.seeMore.label}
            <span className="visually-hidden">{recentWork.seeMore.hidden}</span>
            <span aria-hidden="true"> →</span>
          </Link>
        </p>
      </Section>

      <Section title={testimonialsSection.title} intro={<p>{testimonialsSection.intro}</p>}>
        <Testimonials items={siteTestimonials.testimonials} />
        {siteTestimonials.testimonialsAreIllustrative ? <p className={styles.note}>{testimonialsSection.illustrativeNote}</p> : null}
      </Section>

      <CallToAction title={homeClosing.title} text={homeClosing.text}>
        <ButtonLink to={homeClosing.action.to} variant="accent">
          {homeClosing.action.label}
        </ButtonLink>
        <BookCallLink variant="secondary" />
      </CallToAction>
    </>
  );
}

import { Link } from 'react-router-dom';
import { site } from '../../../../shared/site';
import { JsonLd } from '../../../components/seo/json-ld';
import { Seo } from '../../../components/seo/seo';
import { organizationFor, webSiteFor } from '../../../components/seo/structured-data';
import type { PrefetchContext } from '../../../lib/page-module';
import { useRuntimeConfig } from '../../../lib/runtime-config';
import { BookCallLink, prefetchBookingOpen } from '../../book';
import { ButtonLink, ButtonRow } from '../../../components/ui/button-link';
import { CallToAction } from '../../../components/ui/call-to-action';
import { Hero } from '../../../components/ui/hero';
import { Section } from '../../../components/ui/section';
import { carouselSlides, expertise, homeClosing, homeHero, recentWork, testimonialsSection } from '../content/home';
import { PortfolioGrid } from '../portfolio/portfolio-grid';
import { ExpertiseCarousel } from './expertise-carousel';
import { Testimonials } from './testimonials';
import styles from './home-page.module.css';

/**
 * The closing call to action offers a call while bookings are open.
 * @public Called by the server through the route table's lazily loaded PageModule.
 */
export const prefetch = ({ store }: PrefetchContext) => prefetchBookingOpen(store);

export default function HomePage() {
  const { siteUrl } = useRuntimeConfig();
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
        <PortfolioGrid entries={site.portfolio} />
        <p className={styles.more}>
          <Link to={recentWork.seeMore.to} className={styles.moreLink}>
            {recentWork.seeMore.label}
            <span className="visually-hidden">{recentWork.seeMore.hidden}</span>
            <span aria-hidden="true"> →</span>
          </Link>
        </p>
      </Section>

      <Section title={testimonialsSection.title} intro={<p>{testimonialsSection.intro}</p>}>
        <Testimonials items={site.testimonials} />
        {site.testimonialsAreIllustrative ? <p className={styles.note}>{testimonialsSection.illustrativeNote}</p> : null}
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

import { Link } from 'react-router-dom';
import { paths } from '../../../../shared/paths';
import { Seo } from '../../../components/seo/seo';
import { ButtonLink } from '../../../components/ui/button-link';
import { CallToAction } from '../../../components/ui/call-to-action';
import { Hero } from '../../../components/ui/hero';
import { Section } from '../../../components/ui/section';
import { allCaseStudies, portfolioClosing, portfolioHero } from '../content/portfolio';
import { portfolioGrid } from '../content/portfolio-grid';
import { prefetchPortfolio, useGetPortfolioQuery } from './case-studies-api';
import { EMPTY_SLOTS, PortfolioGrid } from './portfolio-grid';
import styles from './portfolio-page.module.css';
import { useSiteSettings } from '../../../lib/site-content/site-content-api';

/** @public Called by the server through the route table's lazily loaded PageModule. */
export const prefetch = prefetchPortfolio;

export default function PortfolioPage() {
  const site = useSiteSettings();
  const { data } = useGetPortfolioQuery();
  return (
    <>
      <Seo
        title="Portfolio"
        description={`Websites, online shops and booking systems designed and built by ${site.name} for bakeries, clinics, shops and other small businesses.`}
      />
      <Hero eyebrow={portfolioHero.eyebrow} title={portfolioHero.title} lead={<p>{portfolioHero.lead}</p>} />
      <Section title={portfolioGrid.title}>
        <PortfolioGrid featured={data?.featured ?? EMPTY_SLOTS} />
      </Section>
      {data?.caseStudies.length ? (
        <Section title={allCaseStudies.title} intro={<p>{allCaseStudies.intro}</p>} tone="muted">
          <ul className={styles.list}>
            {data.caseStudies.map((study) => (
              <li key={study.id} className={styles.item}>
                <h3 className={styles.itemTitle}>
                  <Link to={paths.caseStudy(study.slug)}>{study.title}</Link>
                </h3>
                <p className={styles.itemClient}>
                  {study.client} · {study.sector}
                </p>
                <p className={styles.itemSummary}>{study.summary}</p>
              </li>
            ))}
          </ul>
        </Section>
      ) : null}
      <CallToAction title={portfolioClosing.title} text={portfolioClosing.text}>
        <ButtonLink to={portfolioClosing.action.to} variant="accent">
          {portfolioClosing.action.label}
        </ButtonLink>
      </CallToAction>
    </>
  );
}

import { paths } from '../../../../shared/paths';
import { Link } from 'react-router-dom';
import { Seo } from '../../../components/seo/seo';
import { ButtonLink } from '../../../components/ui/button-link';
import { CallToAction } from '../../../components/ui/call-to-action';
import cards from '../../../components/ui/cards.module.css';
import { Hero } from '../../../components/ui/hero';
import { Section } from '../../../components/ui/section';
import { SiteImg } from '../../../components/ui/site-img';
import { useServicesOverview, useSiteSettings } from '../../../lib/site-content/site-content-api';
import { coreServiceSlugs, overviewTiles, serviceActions, servicesGrid } from '../content/services';
import styles from './services-page.module.css';

export default function ServicesPage() {
  const site = useSiteSettings();
  const { hero: servicesHero, grid, core, process: processSection, pages } = useServicesOverview();
  return (
    <>
      <Seo
        title="Services"
        description={`Full-stack development, APIs, UI/UX design, databases, performance and security for small businesses, plus websites, shops, SEO and maintenance from ${site.name}.`}
      />
      <Hero eyebrow={servicesHero.eyebrow} title={servicesHero.title} lead={<p>{servicesHero.lead}</p>} />

      <Section title={grid.title} intro={<p>{grid.intro}</p>}>
        <ul className={`${cards.grid} ${cards.wide}`} aria-label={servicesGrid.listLabel}>
          {overviewTiles.map((slug, index) => {
            const tile = grid.tiles[index]!;
            const { image } = pages[slug]!;
            return (
              <li key={slug}>
                <article className={`${cards.card} ${cards.linked} ${styles.tile}`}>
                  {/* The tile's heading names the service; its picture adds nothing to read aloud. */}
                  {image ? <SiteImg image={image} decorative className={styles.tileImage} /> : null}
                  <h3>
                    <Link to={paths.service(slug)} className={cards.stretched}>
                      {tile.title}
                    </Link>
                  </h3>
                  <p>{tile.text}</p>
                  <span className={styles.more} aria-hidden="true">
                    {servicesGrid.learnMore} →
                  </span>
                </article>
              </li>
            );
          })}
        </ul>
        <div className={styles.core}>
          <h3 className={styles.coreTitle}>{core.title}</h3>
          <p>{core.text}</p>
          <ul className={styles.coreList}>
            {coreServiceSlugs.map((slug) => (
              <li key={slug}>
                <Link to={paths.service(slug)}>{pages[slug]!.title}</Link>
              </li>
            ))}
          </ul>
        </div>
      </Section>

      <Section title={processSection.title} intro={<p>{processSection.intro}</p>} tone="muted">
        <ol className={styles.steps}>
          {processSection.steps.map((step, i) => (
            <li key={step.title} className={styles.step}>
              <span className={styles.number} aria-hidden="true">
                {i + 1}
              </span>
              <h3>{step.title}</h3>
              <p>{step.text}</p>
            </li>
          ))}
        </ol>
      </Section>

      <CallToAction title={serviceActions.closingTitle} text={serviceActions.closingText}>
        <ButtonLink to={serviceActions.closingAction.to} variant="accent">
          {serviceActions.closingAction.label}
        </ButtonLink>
        <ButtonLink to={serviceActions.packagesAction.to} variant="secondary">
          {serviceActions.packagesAction.label}
        </ButtonLink>
      </CallToAction>
    </>
  );
}

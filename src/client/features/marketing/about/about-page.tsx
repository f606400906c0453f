import { paths } from '../../../../shared/paths';
import { Seo } from '../../../components/seo/seo';
import { ButtonLink } from '../../../components/ui/button-link';
import { CallToAction } from '../../../components/ui/call-to-action';
import cards from '../../../components/ui/cards.module.css';
import { Hero } from '../../../components/ui/hero';
import prose from '../../../components/ui/prose.module.css';
import { Section } from '../../../components/ui/section';
import { useSitePart, useSiteSettings } from '../../../lib/site-content/site-content-api';

export default function AboutPage() {
  const site = useSiteSettings();
  const { hero: aboutHero, mission, values, approach: aboutApproach, closing: aboutClosing } = useSitePart('about');
  return (
    <>
      <Seo
        title="About us"
        description={`${site.name} is a small web studio for small businesses. Our mission, our values and how we work: plain talk, accessible sites and fixed monthly prices.`}
      />
      <Hero eyebrow={aboutHero.eyebrow} title={aboutHero.title} lead={<p>{aboutHero.lead}</p>} image={aboutHero.image} />

      <Section title={mission.title}>
        <div className={prose.prose}>
          {mission.paragraphs.map((paragraph) => (
            <p key={paragraph.slice(0, 32)}>{paragraph}</p>
          ))}
        </div>
      </Section>

      <Section title={values.title} intro={<p>{values.intro}</p>} tone="muted">
        <ul className={cards.grid}>
          {values.items.map((value, i) => (
            <li key={value.title}>
              <div className={cards.card}>
                <span className={cards.icon} aria-hidden="true">
                  {String(i + 1).padStart(2, '0')}
                </span>
                <h3>{value.title}</h3>
                <p>{value.text}</p>
              </div>
            </li>
          ))}
        </ul>
      </Section>

      <Section title={aboutApproach.title}>
        <div className={prose.prose}>
          {aboutApproach.paragraphs.map((paragraph) => (
            <p key={paragraph.slice(0, 32)}>{paragraph}</p>
          ))}
        </div>
      </Section>

      <CallToAction title={aboutClosing.title} text={aboutClosing.text}>
        <ButtonLink to={paths.services} variant="accent">
          {aboutClosing.servicesLabel}
        </ButtonLink>
        <ButtonLink to={paths.packages} variant="secondary">
          {aboutClosing.packagesLabel}
        </ButtonLink>
      </CallToAction>
    </>
  );
}

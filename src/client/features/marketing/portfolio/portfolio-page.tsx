import { site } from '../../../../shared/site';
import { Seo } from '../../../components/seo/seo';
import { ButtonLink } from '../../../components/ui/button-link';
import { CallToAction } from '../../../components/ui/call-to-action';
import { Hero } from '../../../components/ui/hero';
import { Section } from '../../../components/ui/section';
import { portfolioClosing, portfolioGrid, portfolioHero } from '../content/portfolio';
import { PortfolioGrid } from './portfolio-grid';

export default function PortfolioPage() {
  return (
    <>
      <Seo
        title="Portfolio"
        description={`Websites, online shops and booking systems designed and built by ${site.name} for bakeries, clinics, shops and other small businesses.`}
      />
      <Hero eyebrow={portfolioHero.eyebrow} title={portfolioHero.title} lead={<p>{portfolioHero.lead}</p>} />
      <Section title={portfolioGrid.title}>
        <PortfolioGrid entries={site.portfolio} />
      </Section>
      <CallToAction title={portfolioClosing.title} text={portfolioClosing.text}>
        <ButtonLink to={portfolioClosing.action.to} variant="accent">
          {portfolioClosing.action.label}
        </ButtonLink>
      </CallToAction>
    </>
  );
}

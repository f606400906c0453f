import { site } from '../../../../shared/site';
import { Seo } from '../../../components/seo/Seo';
import { ButtonLink } from '../../../components/ui/ButtonLink';
import { CallToAction } from '../../../components/ui/CallToAction';
import { Hero } from '../../../components/ui/Hero';
import { Section } from '../../../components/ui/Section';
import { portfolioClosing, portfolioGrid, portfolioHero } from '../content/portfolio';
import { PortfolioGrid } from './PortfolioGrid';

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

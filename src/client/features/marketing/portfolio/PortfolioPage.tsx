import { Seo } from '../../../components/seo/Seo';

export default function PortfolioPage() {
  return (
    <div className="container">
      <Seo title="Portfolio" description="A selection of websites Larkspur Web Studio has designed and built for its clients." />
      <h1>Portfolio</h1>
    </div>
  );
}

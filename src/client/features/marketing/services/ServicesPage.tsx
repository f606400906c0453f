import { Seo } from '../../../components/seo/Seo';

export default function ServicesPage() {
  return (
    <div className="container">
      <Seo title="Services" description="Web development, e-commerce, SEO, maintenance and more: the services of Larkspur Web Studio." />
      <h1>Our services</h1>
    </div>
  );
}

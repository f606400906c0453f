import { Seo } from '../../../components/seo/Seo';

export default function AboutPage() {
  return (
    <div className="container">
      <Seo title="About us" description="Our mission and the values behind every website Larkspur Web Studio builds." />
      <h1>About us</h1>
    </div>
  );
}

import { Seo } from '../../../components/seo/Seo';

export default function PackagesPage() {
  return (
    <div className="container">
      <Seo title="Packages" description="Three monthly packages for small businesses, from social media to a full web presence." />
      <h1>Packages</h1>
    </div>
  );
}

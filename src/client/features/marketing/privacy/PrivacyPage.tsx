import { Seo } from '../../../components/seo/Seo';

export default function PrivacyPage() {
  return (
    <div className="container">
      <Seo title="Privacy policy" description="How Larkspur Web Studio handles personal information, and your California privacy rights." />
      <h1>Privacy policy</h1>
    </div>
  );
}

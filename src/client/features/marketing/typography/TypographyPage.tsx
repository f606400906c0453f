import { Seo } from '../../../components/seo/Seo';

export default function TypographyPage() {
  return (
    <div className="container">
      <Seo title="Typography" description="Every text style used across the Larkspur Web Studio website." />
      <h1>Typography</h1>
    </div>
  );
}

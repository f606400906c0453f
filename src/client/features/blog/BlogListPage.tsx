import { Seo } from '../../components/seo/Seo';

export default function BlogListPage() {
  return (
    <div className="container">
      <Seo title="Blog" description="Insights, updates, and web wisdom from Larkspur Web Studio." />
      <h1>From the Blog</h1>
    </div>
  );
}

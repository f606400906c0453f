import { Seo } from '../../../components/seo/Seo';

export default function DashboardPage() {
  return (
    <div className="container">
      <Seo title="Dashboard" description="Manage blog posts." noindex />
      <h1>Dashboard</h1>
    </div>
  );
}

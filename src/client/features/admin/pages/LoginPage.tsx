import { Seo } from '../../../components/seo/Seo';

export default function LoginPage() {
  return (
    <div className="container">
      <Seo title="Administrator sign-in" description="Sign in to manage the blog." noindex />
      <h1>Administrator sign-in</h1>
    </div>
  );
}

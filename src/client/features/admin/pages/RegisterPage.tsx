import { Seo } from '../../../components/seo/Seo';

export default function RegisterPage() {
  return (
    <div className="container">
      <Seo title="Register" description="Create the administrator account." noindex />
      <h1>Register</h1>
    </div>
  );
}

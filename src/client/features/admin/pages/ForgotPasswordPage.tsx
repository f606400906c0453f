import { Seo } from '../../../components/seo/Seo';

export default function ForgotPasswordPage() {
  return (
    <div className="container">
      <Seo title="Forgot password" description="Request a link to reset your password." noindex />
      <h1>Forgot password</h1>
    </div>
  );
}

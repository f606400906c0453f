import { Seo } from '../../../components/seo/Seo';

export default function ResetPasswordPage() {
  return (
    <div className="container">
      <Seo title="Reset password" description="Choose a new password." noindex />
      <h1>Reset password</h1>
    </div>
  );
}

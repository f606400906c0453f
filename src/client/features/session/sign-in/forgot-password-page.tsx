import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { useForgotPasswordMutation } from '..';
import { apiErrorMessage } from '../../../lib/api/api-error';
import { AccountPage } from '../../../components/page-frame/account-page';
import { EmailField } from '../../../components/forms/form-field';
import { ErrorMessage, StatusMessage } from '../../../components/forms/form-messages';
import buttons from '../../../components/ui/buttons.module.css';
import forms from '../../../components/forms/form.module.css';
import { paths } from '../../../../shared/paths';

/** Asks for a reset link and shows what the server says (the same answer whether or not the account exists). */
export default function ForgotPasswordPage() {
  const [requestLink, { isLoading }] = useForgotPasswordMutation();
  const [email, setEmail] = useState('');
  const [message, setMessage] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setMessage(null);
    try {
      const answer = await requestLink({ email }).unwrap();
      setMessage(typeof answer?.message === 'string' ? answer.message : null);
    } catch (failure) {
      setError(apiErrorMessage(failure, 'Something went wrong.'));
    }
  }

  return (
    <AccountPage
      title="Forgot password"
      description="Request a link to reset your password."
      footer={
        <p>
          <Link to={paths.adminLogin}>Back to log in</Link>
        </p>
      }
    >
      <form className={forms.form} onSubmit={(event) => void submit(event)}>
        <EmailField value={email} onValue={setEmail} />
        <ErrorMessage>{error}</ErrorMessage>
        <StatusMessage>{message}</StatusMessage>
        <button type="submit" className={buttons.primary} disabled={isLoading}>
          Send Reset Link
        </button>
      </form>
    </AccountPage>
  );
}

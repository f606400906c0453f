import { useState, type FormEvent } from 'react';
import { Link } from 'react-router-dom';
import { REGISTER_REDIRECT_MS } from '../../../../shared/constants';
import { useRegisterMutation } from '..';
import { apiErrorMessage } from '../../../lib/api/api-error';
import { AccountPage } from '../../../components/page-frame/account-page';
import { EmailField, NewPasswordField } from '../../../components/forms/form-field';
import { ErrorMessage, StatusMessage } from '../../../components/forms/form-messages';
import { useDelayedNavigate } from './use-delayed-navigate';
import buttons from '../../../components/ui/buttons.module.css';
import forms from '../../../components/forms/form.module.css';
import { paths } from '../../../../shared/paths';

/** Registration of the administrator; once one exists the server answers 'Registration is closed.', which is shown. */
export default function RegisterPage() {
  const [register, { isLoading, isSuccess }] = useRegisterMutation();
  const goLater = useDelayedNavigate();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    try {
      await register({ email, password }).unwrap();
      goLater(paths.adminLogin, REGISTER_REDIRECT_MS);
    } catch (failure) {
      setError(apiErrorMessage(failure, 'Registration failed', 'Something went wrong. Try again.'));
    }
  }

  return (
    <AccountPage
      title="Register"
      description="Create the administrator account."
      footer={
        <p>
          Already registered? <Link to={paths.adminLogin}>Log in</Link>
        </p>
      }
    >
      <form className={forms.form} onSubmit={(event) => void submit(event)}>
        <EmailField value={email} onValue={setEmail} />
        <NewPasswordField label="Password" value={password} onValue={setPassword} />
        <ErrorMessage>{error}</ErrorMessage>
        <StatusMessage>{isSuccess ? 'Account created. You can now log in.' : null}</StatusMessage>
        <button type="submit" className={buttons.primary} disabled={isLoading || isSuccess}>
          Register
        </button>
      </form>
    </AccountPage>
  );
}

import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router-dom';
import { RESET_REDIRECT_MS } from '../../../../shared/constants';
import { useResetPasswordMutation } from '..';
import { apiErrorMessage } from '../../../lib/api/api-error';
import { AccountPage } from '../../../components/page-frame/account-page';
import { NewPasswordField, PasswordField } from '../../../components/forms/form-field';
import { ErrorMessage, StatusMessage } from '../../../components/forms/form-messages';
import { useDelayedNavigate } from './use-delayed-navigate';
import buttons from '../../../components/ui/buttons.module.css';
import forms from '../../../components/forms/form.module.css';
import { paths } from '../../../../shared/paths';

const MISMATCH = 'Passwords do not match.';

/** Sets a new password with the link's token; the two entries must match before anything is sent. */
export default function ResetPasswordPage() {
  const { token = '' } = useParams();
  const [reset, { isLoading, isSuccess }] = useResetPasswordMutation();
  const goLater = useDelayedNavigate();
  const [password, setPassword] = useState('');
  const [confirmation, setConfirmation] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [message, setMessage] = useState<string | null>(null);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setMessage(null);
    if (password !== confirmation) {
      setError(MISMATCH);
      return;
    }
    setError(null);
    try {
      const answer = await reset({ token, password }).unwrap();
      setMessage(typeof answer?.message === 'string' ? answer.message : null);
      // The administrator's login page: /login only redirects there.
      goLater(paths.adminLogin, RESET_REDIRECT_MS);
    } catch (failure) {
      setError(apiErrorMessage(failure, 'Reset failed.'));
    }
  }

  return (
    <AccountPage title="Reset password" description="Choose a new password.">
      <form className={forms.form} onSubmit={(event) => void submit(event)}>
        <NewPasswordField label="New password" value={password} onValue={setPassword} />
        <PasswordField
          label="Confirm new password"
          name="confirmation"
          autoComplete="new-password"
          value={confirmation}
          onValue={setConfirmation}
          errorId={error === MISMATCH ? 'reset-error' : undefined}
        />
        <ErrorMessage id="reset-error">{error}</ErrorMessage>
        <StatusMessage>{message}</StatusMessage>
        <button type="submit" className={buttons.primary} disabled={isLoading || isSuccess}>
          Reset Password
        </button>
      </form>
    </AccountPage>
  );
}

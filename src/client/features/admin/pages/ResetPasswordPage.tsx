import { useState, type FormEvent } from 'react';
import { useParams } from 'react-router';
import { RESET_REDIRECT_MS } from '../../../../shared/constants';
import { LOGIN_PATH } from '../../session/sessionMachine';
import { useResetPasswordMutation } from '../../session/authApi';
import { apiErrorMessage } from '../api-error';
import { AccountPage } from '../components/AccountPage';
import { FormField, NewPasswordField } from '../components/FormField';
import { ErrorMessage, StatusMessage } from '../components/FormMessages';
import { useDelayedNavigate } from '../hooks/useDelayedNavigate';
import styles from '../admin.module.css';

const MISMATCH = 'Passwords do not match.';

/** Sets a new password with the link's token; the two entries must match before anything is sent (spec 5). */
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
      // decisions.md: the spec's "/login" is the admin login page.
      goLater(LOGIN_PATH, RESET_REDIRECT_MS);
    } catch (failure) {
      setError(apiErrorMessage(failure, 'Reset failed.'));
    }
  }

  return (
    <AccountPage title="Reset password" description="Choose a new password.">
      <form className={styles.form} onSubmit={(event) => void submit(event)}>
        <NewPasswordField label="New password" value={password} onValue={setPassword} />
        <FormField
          label="Confirm new password"
          type="password"
          name="confirmation"
          autoComplete="new-password"
          required
          value={confirmation}
          onChange={(e) => setConfirmation(e.target.value)}
          errorId={error === MISMATCH ? 'reset-error' : undefined}
        />
        <ErrorMessage id="reset-error">{error}</ErrorMessage>
        <StatusMessage>{message}</StatusMessage>
        <button type="submit" className={styles.primary} disabled={isLoading || isSuccess}>
          Reset Password
        </button>
      </form>
    </AccountPage>
  );
}

import { useState, type FormEvent } from 'react';
import { Navigate } from 'react-router-dom';
import { useLoginWithCodeMutation, useSessionActor } from '..';
import { useSession } from '../../admin-shell';
import { apiErrorMessage } from '../../../lib/api/api-error';
import { AccountPage } from '../../../components/page-frame/account-page';
import { FormField } from '../../../components/forms/form-field';
import { ErrorMessage } from '../../../components/forms/form-messages';
import buttons from '../../../components/ui/buttons.module.css';
import forms from '../../../components/forms/form.module.css';
import signInStyles from './sign-in.module.css';
import { paths } from '../../../../shared/paths';

const CODE_FAILED = 'The code could not be checked. Try again.';

/**
 * The second step of a sign-in: the session machine's `awaitingCode` state, which holds the
 * mfaToken. Opened without one (a reload, a bookmark), it sends the administrator to the login page.
 */
export default function LoginCodePage() {
  const { status } = useSession();
  const sessionActor = useSessionActor();
  const [loginWithCode, { isLoading }] = useLoginWithCodeMutation();
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);

  if (status === 'restoring') return null;
  // The code just earned a session (the machine also sends the page on), or there is nothing to ask.
  if (status === 'authenticated' || status === 'expiring') return <Navigate to={paths.adminDashboard} replace />;
  if (status !== 'awaitingCode') return <Navigate to={paths.adminLogin} replace />;

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    const mfaToken = sessionActor.getSnapshot().context.mfaToken;
    if (!mfaToken) return;
    try {
      const { token } = await loginWithCode({ mfaToken, code }).unwrap();
      sessionActor.send({ type: 'LOGIN', token });
    } catch (failure) {
      setError(apiErrorMessage(failure, CODE_FAILED, 'Something went wrong. Try again.'));
    }
  }

  return (
    <AccountPage title="Enter your code" description="The second step of signing in." noindexMeta>
      <p>Open your authenticator app and enter the 6-digit code it shows for this site. Lost your phone? Enter one of your recovery codes instead.</p>
      <form className={forms.form} onSubmit={(event) => void submit(event)} aria-describedby={error ? 'code-error' : undefined}>
        <FormField
          label="Authentication code"
          name="code"
          autoComplete="one-time-code"
          autoCapitalize="none"
          spellCheck={false}
          required
          maxLength={32}
          value={code}
          onChange={(event) => setCode(event.target.value)}
          errorId={error ? 'code-error' : undefined}
        />
        <ErrorMessage id="code-error">{error}</ErrorMessage>
        <button type="submit" className={buttons.primary} disabled={isLoading}>
          Verify
        </button>
      </form>
      <p className={signInStyles.alternative}>
        <button type="button" className={buttons.secondary} onClick={() => sessionActor.send({ type: 'LOGOUT' })}>
          Start over
        </button>
      </p>
    </AccountPage>
  );
}

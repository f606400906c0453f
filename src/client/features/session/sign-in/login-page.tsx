import { useEffect, useState, type FormEvent } from 'react';
import { Link, useNavigate } from 'react-router-dom';
import { useLoginMutation, useSessionActor } from '..';
import { useSession } from '../../admin-shell';
import { apiErrorMessage } from '../../../lib/api/api-error';
import { AccountPage } from '../../../components/page-frame/account-page';
import { EmailField, PasswordField } from '../../../components/forms/form-field';
import { ErrorMessage } from '../../../components/forms/form-messages';
import { usePasskeyLogin } from './use-passkey-login';
import signInStyles from './sign-in.module.css';
import buttons from '../../../components/ui/buttons.module.css';
import forms from '../../../components/forms/form.module.css';
import { paths } from '../../../../shared/paths';

const LOGIN_FAILED = 'Login failed';
const NETWORK_FAILURE = 'Something went wrong. Try again.';

/**
 * A sign-in in another tab signs this one in too; the login page then has nothing
 * left to ask and moves on to the dashboard. Opened while signed in, it stays, to allow another sign-in.
 */
function useFollowSignInElsewhere() {
  const { status } = useSession();
  const navigate = useNavigate();
  const [signedInAtStart] = useState(status === 'authenticated' || status === 'expiring');
  useEffect(() => {
    if (!signedInAtStart && status === 'authenticated') void navigate(paths.adminDashboard, { replace: true });
  }, [signedInAtStart, status, navigate]);
}

/** Administrator sign-in: on success the session machine stores the token and opens the dashboard. */
export default function LoginPage() {
  const sessionActor = useSessionActor();
  const [login, { isLoading }] = useLoginMutation();
  const [email, setEmail] = useState('');
  const [password, setPassword] = useState('');
  const [error, setError] = useState<string | null>(null);
  useFollowSignInElsewhere();

  /** Every way in ends here: the machine judges the token, stores it and opens the dashboard. */
  function signInWith(token: unknown) {
    if (typeof token !== 'string') throw new Error('The answer carried no token.');
    sessionActor.send({ type: 'LOGIN', token });
    // An undecodable or expired token is no session.
    if (sessionActor.getSnapshot().value === 'loggedOut') setError(LOGIN_FAILED);
  }
  const passkey = usePasskeyLogin(
    (token) => {
      setError(null);
      signInWith(token);
    },
    setError,
  );

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    try {
      const answer = await login({ email, password }).unwrap();
      // The account asks for a second factor: the machine moves to the code page.
      if ('mfaRequired' in answer && answer.mfaRequired && typeof answer.mfaToken === 'string') sessionActor.send({ type: 'MFA_REQUIRED', mfaToken: answer.mfaToken });
      else signInWith((answer as { token?: unknown }).token);
    } catch (failure) {
      setError(apiErrorMessage(failure, LOGIN_FAILED, NETWORK_FAILURE));
    }
  }

  return (
    <AccountPage
      title="Administrator login"
      description="Sign in to manage the blog."
      noindexMeta
      footer={
        <p>
          <Link to={paths.forgotPassword}>Forgot your password?</Link>
        </p>
      }
    >
      <form className={forms.form} onSubmit={(event) => void submit(event)} aria-describedby={error ? 'login-error' : undefined}>
        <EmailField value={email} onValue={setEmail} autoComplete="username webauthn" />
        <PasswordField label="Password" autoComplete="current-password" value={password} onValue={setPassword} />
        <ErrorMessage id="login-error">{error}</ErrorMessage>
        <button type="submit" className={buttons.primary} disabled={isLoading}>
          Log In
        </button>
      </form>
      <p className={signInStyles.alternative}>
        <button type="button" className={buttons.secondary} onClick={passkey.signIn} disabled={passkey.busy}>
          Sign in with a passkey
        </button>
      </p>
    </AccountPage>
  );
}

import { useState, type FormEvent } from 'react';
import type { AuthenticatorEnrolment } from '../../../shared/api-types';
import { apiErrorMessage } from '../../lib/api/api-error';
import { FormField } from '../../components/forms/form-field';
import { ErrorMessage } from '../../components/forms/form-messages';
import { RecoveryCodesList } from './recovery-codes-list';
import { useConfirmAuthenticatorMutation, useRemoveAuthenticatorMutation, useRenewRecoveryCodesMutation, useStartAuthenticatorMutation } from './security-api';
import { ConfirmationCancelled, useStepUp } from './step-up';
import buttons from '../../components/ui/buttons.module.css';
import forms from '../../components/forms/form.module.css';
import securityStyles from './security.module.css';

const FAILED = 'Something went wrong. Try again.';

/** The authenticator app: set up with a QR code and a first code, recovery codes, turn off. */
export function AuthenticatorSection({ on, recoveryCodesLeft }: { on: boolean; recoveryCodesLeft: number }) {
  const [start, starting] = useStartAuthenticatorMutation();
  const [confirm, confirming] = useConfirmAuthenticatorMutation();
  const [remove, removing] = useRemoveAuthenticatorMutation();
  const [renew, renewing] = useRenewRecoveryCodesMutation();
  const [enrolment, setEnrolment] = useState<AuthenticatorEnrolment | null>(null);
  const [codes, setCodes] = useState<string[] | null>(null);
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const { confirmFirst } = useStepUp();

  /** Every change here needs a recent sign-in: the page asks for one first when the API says so. */
  const attempt = async (work: () => Promise<void>) => {
    setError(null);
    try {
      await confirmFirst(work);
    } catch (failure) {
      if (!(failure instanceof ConfirmationCancelled)) setError(apiErrorMessage(failure, FAILED));
    }
  };

  async function submitCode(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    await attempt(async () => {
      const { recoveryCodes } = await confirm({ code }).unwrap();
      setEnrolment(null);
      setCode('');
      setCodes(recoveryCodes);
    });
  }

  return (
    <section className={securityStyles.section} aria-labelledby="authenticator-heading">
      <h2 id="authenticator-heading">Authenticator app</h2>
      {on ? (
        <>
          <p>On: signing in with your password asks for a code of your authenticator app.</p>
          <p>Recovery codes left: {recoveryCodesLeft}</p>
          <div className={securityStyles.actions}>
            <button type="button" className={buttons.secondary} disabled={renewing.isLoading} onClick={() => void attempt(async () => setCodes((await renew().unwrap()).recoveryCodes))}>
              New recovery codes
            </button>
            <button type="button" className={buttons.danger} disabled={removing.isLoading} onClick={() => void attempt(async () => void (await remove().unwrap(), setCodes(null)))}>
              Turn off the authenticator app
            </button>
          </div>
        </>
      ) : enrolment ? (
        <>
          <p>Scan this QR code with your authenticator app, or enter the key by hand, then type the 6-digit code it shows.</p>
          <div className={securityStyles.qr} role="img" aria-label="QR code for your authenticator app" dangerouslySetInnerHTML={{ __html: enrolment.qrSvg }} />
          <p>
            Key: <code className={securityStyles.secret} data-testid="totp-secret">{enrolment.secret}</code>
          </p>
          <p>
            Address: <code className={securityStyles.secret}>{enrolment.uri}</code>
          </p>
          <form className={forms.form} onSubmit={(event) => void submitCode(event)}>
            <FormField label="Code from the app" name="code" inputMode="numeric" autoComplete="one-time-code" required maxLength={6} value={code} onChange={(event) => setCode(event.target.value)} />
            <button type="submit" className={buttons.primary} disabled={confirming.isLoading}>
              Turn on
            </button>
          </form>
        </>
      ) : (
        <>
          <p>Off. With it on, a stolen password is not enough to sign in.</p>
          <button type="button" className={buttons.primary} disabled={starting.isLoading} onClick={() => void attempt(async () => setEnrolment(await start().unwrap()))}>
            Set up an authenticator app
          </button>
        </>
      )}
      <ErrorMessage>{error}</ErrorMessage>
      {codes ? <RecoveryCodesList codes={codes} /> : null}
    </section>
  );
}

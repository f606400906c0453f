import { startAuthentication } from '@simplewebauthn/browser';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { usePasskeyLoginOptionsMutation, useReauthenticateMutation, useSessionActor, type ReauthProof } from '../session';
import { apiErrorMessage } from '../../lib/api/api-error';
import { FormField, PasswordField } from '../../components/forms/form-field';
import { ErrorMessage } from '../../components/forms/form-messages';
import buttons from '../../components/ui/buttons.module.css';
import forms from '../../components/forms/form.module.css';
import securityStyles from './security.module.css';

const FAILED = 'That did not confirm it is you. Try again.';

/**
 * Asks for a proof of who the person is (their password, a code of the authenticator app or a
 * recovery code, or a passkey) before a change that needs a recent sign-in; the fresh token goes
 * to the session, and the change carries on.
 */
export function ConfirmIdentity({ authenticator, passkeys, onConfirmed, onCancel }: { authenticator: boolean; passkeys: boolean; onConfirmed(): void; onCancel(): void }) {
  const sessionActor = useSessionActor();
  const [reauthenticate, { isLoading }] = useReauthenticateMutation();
  const [getOptions] = usePasskeyLoginOptionsMutation();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  async function prove(proof: () => Promise<ReauthProof>) {
    setError(null);
    try {
      const { token } = await reauthenticate(await proof()).unwrap();
      sessionActor.send({ type: 'REAUTHENTICATED', token });
      onConfirmed();
    } catch (failure) {
      const dismissed = failure instanceof Error && (failure.name === 'NotAllowedError' || failure.name === 'AbortError');
      setError(dismissed ? 'The passkey was cancelled or timed out.' : apiErrorMessage(failure, FAILED, 'Something went wrong. Try again.'));
    }
  }
  const submit = (event: FormEvent<HTMLFormElement>, proof: ReauthProof) => {
    event.preventDefault();
    void prove(async () => proof);
  };
  const withPasskey = async (): Promise<ReauthProof> => {
    const { options } = await getOptions().unwrap();
    return { response: await startAuthentication({ optionsJSON: options }) };
  };

  return (
    <section role="dialog" aria-modal="false" aria-labelledby="confirm-identity-heading" className={securityStyles.confirm}>
      <h2 id="confirm-identity-heading" ref={heading} tabIndex={-1}>
        Confirm it is you
      </h2>
      <p>For your security, this change needs a recent sign-in. Confirm it is you, and the change carries on.</p>
      <form className={forms.form} onSubmit={(event) => submit(event, { password })}>
        <PasswordField label="Your password" name="confirm-password" autoComplete="current-password" value={password} onValue={setPassword} />
        <button type="submit" className={buttons.primary} disabled={isLoading || password === ''}>
          Confirm with password
        </button>
      </form>
      {authenticator ? (
        <form className={forms.form} onSubmit={(event) => submit(event, { code })}>
          <FormField label="Or a code of your authenticator app, or a recovery code" name="confirm-code" autoComplete="one-time-code" maxLength={32} value={code} onChange={(event) => setCode(event.target.value)} />
          <button type="submit" className={buttons.secondary} disabled={isLoading || code === ''}>
            Confirm with code
          </button>
        </form>
      ) : null}
      <p className={securityStyles.actions}>
        {passkeys ? (
          <button type="button" className={buttons.secondary} disabled={isLoading} onClick={() => void prove(withPasskey)}>
            Confirm with a passkey
          </button>
        ) : null}
        <button type="button" className={buttons.secondary} onClick={onCancel}>
          Cancel
        </button>
      </p>
      <ErrorMessage>{error}</ErrorMessage>
    </section>
  );
}

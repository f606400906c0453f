import { browserSupportsWebAuthnAutofill, startAuthentication, WebAuthnAbortService } from '@simplewebauthn/browser';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLoginWithPasskeyMutation, usePasskeyLoginOptionsMutation } from '../../session';
import { apiErrorMessage } from '../api-error';

export const PASSKEY_CANCELLED = 'The passkey sign-in was cancelled or timed out.';
const PASSKEY_FAILED = 'Signing in with a passkey failed. Try again.';

/** Errors of the browser's WebAuthn calls that mean "the person said no" or "it was replaced". */
const isDismissal = (error: unknown) => error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError' || (error as { code?: string }).code === 'ERROR_CEREMONY_ABORTED');

/**
 * Sign-in with a passkey: by the button (`signIn`), and by the browser's autofill on the e-mail
 * field (conditional mediation), which waits in the background once the form is first focused
 * (`armAutofill`). Either ends with the token handed to `onToken`.
 */
export function usePasskeyLogin(onToken: (token: string) => void, onError: (message: string) => void) {
  const [getOptions] = usePasskeyLoginOptionsMutation();
  const [verify] = useLoginWithPasskeyMutation();
  const [busy, setBusy] = useState(false);
  const handlers = useRef({ onToken, onError });
  useEffect(() => {
    handlers.current = { onToken, onError };
  });

  const run = useCallback(
    async (autofill: boolean) => {
      try {
        const { options } = await getOptions().unwrap();
        const response = await startAuthentication({ optionsJSON: options, useBrowserAutofill: autofill });
        if (!autofill) setBusy(true);
        const { token } = await verify({ response }).unwrap();
        handlers.current.onToken(token);
      } catch (error) {
        // A background wait that was replaced or dismissed says nothing to the person.
        if (autofill && isDismissal(error)) return;
        handlers.current.onError(isDismissal(error) ? PASSKEY_CANCELLED : apiErrorMessage(error, PASSKEY_FAILED));
      } finally {
        setBusy(false);
      }
    },
    [getOptions, verify],
  );

  // Armed by the first focus of the form rather than on load: a visit that never reaches the
  // fields asks the server for nothing.
  const armed = useRef(false);
  const mounted = useRef(true);
  useEffect(() => {
    mounted.current = true;
    return () => {
      mounted.current = false;
      if (armed.current) WebAuthnAbortService.cancelCeremony();
    };
  }, []);
  const armAutofill = useCallback(() => {
    if (armed.current) return;
    armed.current = true;
    void browserSupportsWebAuthnAutofill().then((supported) => {
      if (supported && mounted.current) void run(true);
    });
  }, [run]);

  return { signIn: () => void run(false), armAutofill, busy };
}

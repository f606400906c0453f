import { browserSupportsWebAuthnAutofill, startAuthentication, WebAuthnAbortService } from '@simplewebauthn/browser';
import { useCallback, useEffect, useRef, useState } from 'react';
import { useLoginWithPasskeyMutation, usePasskeyLoginOptionsMutation } from '..';
import { apiErrorMessage } from '../../../lib/api/api-error';

const PASSKEY_CANCELLED = 'The passkey sign-in was cancelled or timed out.';
const PASSKEY_FAILED = 'Signing in with a passkey failed. Try again.';

/** Errors of the browser's WebAuthn calls that mean "the person said no" or "it was replaced". */
const isDismissal = (error: unknown) => error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError' || (error as { code?: string }).code === 'ERROR_CEREMONY_ABORTED');

/**
 * Sign-in with a passkey: by the button (`signIn`), and by the browser's autofill on the e-mail
 * field (conditional mediation), which waits in the background from the moment the page is
 * shown. Either ends with the token handed to `onToken`.
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

  // Armed as the page loads, so that the browser already holds the request when the e-mail field
  // is first touched and offers the passkeys in its suggestions right away. Leaving the page
  // cancels the wait; a click on the button replaces it.
  useEffect(() => {
    let mounted = true;
    let armed = false;
    void browserSupportsWebAuthnAutofill().then((supported) => {
      if (!supported || !mounted) return;
      armed = true;
      void run(true);
    });
    return () => {
      mounted = false;
      if (armed) WebAuthnAbortService.cancelCeremony();
    };
  }, [run]);

  return { signIn: () => void run(false), busy };
}

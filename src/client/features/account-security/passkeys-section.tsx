import { startRegistration } from '@simplewebauthn/browser';
import { useState, type FormEvent } from 'react';
import type { PasskeySummary } from '../../../shared/api-types';
import { apiErrorMessage } from '../../lib/api/api-error';
import { FormField } from '../../components/forms/form-field';
import { ErrorMessage } from '../../components/forms/form-messages';
import { dateTime } from './event-words';
import { useAddPasskeyMutation, usePasskeyRegistrationOptionsMutation, useRemovePasskeyMutation, useRenamePasskeyMutation } from './security-api';
import { ConfirmationCancelled, useStepUp } from './step-up';
import buttons from '../../components/ui/buttons.module.css';
import forms from '../../components/forms/form.module.css';
import securityStyles from './security.module.css';

const FAILED = 'The passkey could not be added. Try again.';

/** The account's passkeys: add one (named), rename, remove. */
export function PasskeysSection({ passkeys }: { passkeys: PasskeySummary[] }) {
  const [getOptions] = usePasskeyRegistrationOptionsMutation();
  const [add, adding] = useAddPasskeyMutation();
  const [rename] = useRenamePasskeyMutation();
  const [remove] = useRemovePasskeyMutation();
  const { confirmFirst } = useStepUp();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);

  async function addPasskey(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    try {
      await confirmFirst(async () => {
        const { options } = await getOptions().unwrap();
        const response = await startRegistration({ optionsJSON: options });
        await add({ name, response }).unwrap();
      });
      setName('');
    } catch (failure) {
      if (failure instanceof ConfirmationCancelled) return;
      setError(failure instanceof Error && failure.name === 'NotAllowedError' ? 'Adding the passkey was cancelled or timed out.' : apiErrorMessage(failure, FAILED));
    }
  }

  async function renamePasskey(passkey: PasskeySummary) {
    const next = window.prompt('New name for this passkey', passkey.name);
    if (next === null) return;
    setError(null);
    await rename({ id: passkey.id, name: next }).unwrap().catch((failure: unknown) => setError(apiErrorMessage(failure, 'The passkey could not be renamed.')));
  }

  async function removePasskey(passkey: PasskeySummary) {
    if (!window.confirm(`Remove the passkey "${passkey.name}"?`)) return;
    setError(null);
    await confirmFirst(() => remove(passkey.id).unwrap()).catch((failure: unknown) => {
      if (!(failure instanceof ConfirmationCancelled)) setError(apiErrorMessage(failure, 'The passkey could not be removed.'));
    });
  }

  return (
    <section className={securityStyles.section} aria-labelledby="passkeys-heading">
      <h2 id="passkeys-heading">Passkeys</h2>
      <p>A passkey signs you in with your device's lock (fingerprint, face or PIN), with no password to steal.</p>
      {passkeys.length === 0 ? (
        <p>No passkeys yet.</p>
      ) : (
        <ul className={securityStyles.list} aria-label="Your passkeys">
          {passkeys.map((passkey) => (
            <li key={passkey.id}>
              <span>
                <strong>{passkey.name}</strong>
                <br />
                Added {dateTime(passkey.createdAt)}
                {passkey.lastUsedAt ? `, last used ${dateTime(passkey.lastUsedAt)}` : ', never used'}
              </span>
              <span className={securityStyles.actions}>
                <button type="button" className={buttons.secondary} onClick={() => void renamePasskey(passkey)} aria-label={`Rename ${passkey.name}`}>
                  Rename
                </button>
                <button type="button" className={buttons.danger} onClick={() => void removePasskey(passkey)} aria-label={`Remove ${passkey.name}`}>
                  Remove
                </button>
              </span>
            </li>
          ))}
        </ul>
      )}
      <form className={forms.form} onSubmit={(event) => void addPasskey(event)}>
        <FormField label="Passkey name" name="passkey-name" required maxLength={60} hint="Say which device it is on, like “Work laptop”." value={name} onChange={(event) => setName(event.target.value)} />
        <button type="submit" className={buttons.primary} disabled={adding.isLoading}>
          Add a passkey
        </button>
      </form>
      <ErrorMessage>{error}</ErrorMessage>
    </section>
  );
}

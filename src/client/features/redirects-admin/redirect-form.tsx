import { useId, useState, type FormEvent, type RefObject } from 'react';
import { FormField } from '../../components/forms/form-field';
import forms from '../../components/forms/form.module.css';
import { ErrorMessage } from '../../components/forms/form-messages';
import { apiErrorMessage } from '../../lib/api/api-error';
import { useAddRedirectMutation } from './redirects-api';
import styles from './redirects.module.css';

interface RedirectFormProps {
  from: string;
  onFrom: (from: string) => void;
  /** Given focus when the not-found log starts a redirect. */
  toRef: RefObject<HTMLInputElement | null>;
  onAdded: (message: string) => void;
}

/** Adds a redirect; the server refuses one to itself or one that closes a loop, and says why. */
export function RedirectForm({ from, onFrom, toRef, onAdded }: RedirectFormProps) {
  const id = useId();
  const [to, setTo] = useState('');
  const [permanent, setPermanent] = useState(true);
  const [failure, setFailure] = useState<string | null>(null);
  const [add, adding] = useAddRedirectMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setFailure(null);
    try {
      const made = await add({ from, to, status: permanent ? 301 : 302 }).unwrap();
      onFrom('');
      setTo('');
      onAdded(`${made.from} now redirects to ${made.to}.`);
    } catch (error) {
      setFailure(apiErrorMessage(error, 'The redirect could not be added.'));
    }
  };

  return (
    <form className={styles.form} onSubmit={(event) => void submit(event)} aria-labelledby="new-redirect">
      <h2 id="new-redirect">Add a redirect</h2>
      <FormField label="From" name="from" required value={from} onChange={(event) => onFrom(event.target.value)} hint="A path of this site, such as /old-page or /?p=123." />
      <div className={forms.field}>
        <label htmlFor={`${id}-to`}>To</label>
        <input ref={toRef} id={`${id}-to`} name="to" required value={to} onChange={(event) => setTo(event.target.value)} aria-describedby={`${id}-to-hint`} />
        <p id={`${id}-to-hint`} className={forms.hint}>
          A path of this site, such as /blog/new-post, or an address elsewhere starting with https://.
        </p>
      </div>
      <label className={styles.check}>
        <input type="checkbox" checked={permanent} onChange={(event) => setPermanent(event.target.checked)} />
        Moved for good (301); untick for a temporary move (302)
      </label>
      <ErrorMessage>{failure}</ErrorMessage>
      <div className={styles.actions}>
        <button type="submit" className={styles.primary} disabled={adding.isLoading}>
          Add redirect
        </button>
      </div>
    </form>
  );
}

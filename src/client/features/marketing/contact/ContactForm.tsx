import { useEffect, useId, type FormEvent } from 'react';
import { CONTACT_SUCCESS_MS } from '../../../../shared/constants';
import { buttonClass } from '../../../components/ui/ButtonLink';
import { useAppDispatch, useAppSelector } from '../../../lib/store/hooks';
import { contactCopy } from '../content/contact';
import { contactMailto, isDraftComplete, type ContactDraft } from './contactForm';
import {
  cancelled,
  fieldChanged,
  selectContactDraft,
  selectContactSubmissions,
  selectContactSuccess,
  submitted,
  successHidden,
} from './contactFormSlice';
import styles from './ContactForm.module.css';

/** Hands the prepared message to the visitor's mail app; the page itself stays. */
function openMailApp(url: string): void {
  window.open(url, '_self');
}

export function ContactForm({ to }: { to: string }) {
  const dispatch = useAppDispatch();
  const draft = useAppSelector(selectContactDraft);
  const showSuccess = useAppSelector(selectContactSuccess);
  const submissions = useAppSelector(selectContactSubmissions);
  const ids = { title: useId(), name: useId(), email: useId(), message: useId(), hint: useId() };

  // The message shows for 5 seconds after each submission; a new one restarts the count.
  useEffect(() => {
    if (!showSuccess) return;
    const timer = setTimeout(() => dispatch(successHidden()), CONTACT_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [dispatch, showSuccess, submissions]);
  // The store outlives the form: a visitor who leaves within the 5 seconds must not find the message again.
  useEffect(
    () => () => {
      dispatch(successHidden());
    },
    [dispatch],
  );

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The browser has checked required fields and the e-mail's form; blanks of spaces remain.
    if (!isDraftComplete(draft)) return;
    openMailApp(contactMailto(draft, to));
    dispatch(submitted());
  };

  const field = (name: keyof ContactDraft) => ({
    id: ids[name],
    name,
    value: draft[name],
    required: true,
    onChange: (event: { target: { value: string } }) => dispatch(fieldChanged({ field: name, value: event.target.value })),
  });

  return (
    <form className={styles.form} onSubmit={onSubmit} aria-labelledby={ids.title}>
      <h2 id={ids.title} className={styles.title}>
        {contactCopy.formTitle}
      </h2>
      <p className={styles.note}>{contactCopy.requiredNote}</p>
      <div className={styles.field}>
        <label htmlFor={ids.name}>{contactCopy.name}</label>
        <input type="text" autoComplete="name" {...field('name')} />
      </div>
      <div className={styles.field}>
        <label htmlFor={ids.email}>{contactCopy.email}</label>
        <input type="email" autoComplete="email" inputMode="email" spellCheck={false} {...field('email')} />
      </div>
      <div className={styles.field}>
        <label htmlFor={ids.message}>{contactCopy.message}</label>
        <p id={ids.hint} className={styles.hint}>
          {contactCopy.messageHint}
        </p>
        <textarea rows={7} aria-describedby={ids.hint} {...field('message')} />
      </div>
      <div className={styles.actions}>
        <button type="submit" className={buttonClass('primary')}>
          {contactCopy.send}
        </button>
        <button type="button" className={buttonClass('secondary')} onClick={() => dispatch(cancelled())}>
          {contactCopy.cancel}
        </button>
      </div>
      {/* Always present, so screen readers announce the message when it appears. */}
      <p role="status" className={styles.status}>
        {showSuccess ? <span className={styles.success}>{contactCopy.success}</span> : null}
      </p>
    </form>
  );
}

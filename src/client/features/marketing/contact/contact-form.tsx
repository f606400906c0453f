import { useEffect, useId, useRef, type FormEvent } from 'react';
import { CONTACT_LIMITS, HONEYPOT_FIELD, START_TOKEN_FIELD } from '../../../../shared/contact';
import { CONTACT_SUCCESS_MS } from '../../../../shared/constants';
import { SOURCE_FIELDS } from '../../../../shared/leads';
import { paths } from '../../../../shared/paths';
import { buttonClass } from '../../../components/ui/button-link';
import { useRuntimeConfig } from '../../../lib/runtime-config';
import { useAppDispatch, useAppSelector } from '../../../lib/store/hooks';
import { contactCopy } from '../content/contact';
import { contactMailto, isDraftComplete, type ContactDraft } from './contact-draft';
import { cancelled, fieldChanged, selectContactDraft, selectContactSends, selectContactStatus, submitted, successHidden } from './contact-form-slice';
import { useServerDelivery } from './use-server-delivery';
import styles from './contact-form.module.css';

const DRAFT_FIELDS: readonly (keyof ContactDraft)[] = ['name', 'email', 'message'];

/** Hands the prepared message to the visitor's mail app; the page itself stays. */
function openMailApp(url: string): void {
  window.open(url, '_self');
}

/**
 * The contact form. With CONTACT_DELIVERY=mailto (the default) it prepares a mail in the
 * visitor's mail app; with `server` it posts to the API, and is a real form
 * post as well, so that it works when the page's script never ran.
 */
export function ContactForm({ to }: { to: string }) {
  const dispatch = useAppDispatch();
  const { apiBaseUrl, contactDelivery } = useRuntimeConfig();
  const viaServer = contactDelivery === 'server';
  const server = useServerDelivery(viaServer, to);
  const storedDraft = useAppSelector(selectContactDraft);
  const draft = server.refusedValues ?? storedDraft;
  const status = useAppSelector(selectContactStatus);
  const sends = useAppSelector(selectContactSends);
  const honeypot = useRef<HTMLInputElement>(null);
  const form = useRef<HTMLFormElement>(null);
  const ids = { title: useId(), name: useId(), email: useId(), message: useId(), hint: useId(), trap: useId() };

  // The page's script comes after the first paint: what a visitor typed into the server's form
  // before React took it over is in the fields, not in the state, and the next render would
  // wipe it. Taken over once, at hydration (a form the browser drew itself shows its state).
  useEffect(() => {
    for (const name of DRAFT_FIELDS) {
      const typed = form.current?.elements.namedItem(name);
      if ((typed instanceof HTMLInputElement || typed instanceof HTMLTextAreaElement) && typed.value !== draft[name]) {
        dispatch(fieldChanged({ field: name, value: typed.value }));
      }
    }
    // Once, on mount: later the fields follow the state.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);
  // The success message (the mail app's, or the server's thank-you) shows for 5 seconds after each
  // message sent; a new one restarts the count.
  useEffect(() => {
    if (status !== 'sent') return;
    const timer = setTimeout(() => dispatch(successHidden()), CONTACT_SUCCESS_MS);
    return () => clearTimeout(timer);
  }, [dispatch, status, sends]);
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
    if (viaServer) {
      if (!server.sending) server.send(draft, honeypot.current?.value ?? '');
      return;
    }
    openMailApp(contactMailto(draft, to));
    dispatch(submitted());
  };

  const field = (name: keyof ContactDraft) => ({
    id: ids[name],
    name,
    value: draft[name],
    required: true,
    onChange: (event: { target: { value: string } }) => dispatch(fieldChanged({ field: name, value: event.target.value })),
    ...(viaServer ? { maxLength: CONTACT_LIMITS[name] } : {}),
    ...(server.errors[name] ? { 'aria-invalid': true, 'aria-describedby': `${ids[name]}-error` } : {}),
  });
  const fieldError = (name: keyof ContactDraft) =>
    server.errors[name] ? (
      <p id={`${ids[name]}-error`} className={styles.error}>
        {server.errors[name]}
      </p>
    ) : null;

  const messageField = field('message');
  const shown = viaServer ? server.status : status === 'sent' ? { kind: 'sent' as const, text: contactCopy.success } : null;

  return (
    <form
      ref={form}
      className={styles.form}
      onSubmit={onSubmit}
      aria-labelledby={ids.title}
      {...(viaServer ? { method: 'post', action: `${apiBaseUrl}/api/contact`, 'aria-busy': server.sending } : {})}
    >
      <h2 id={ids.title} className={styles.title}>
        {contactCopy.formTitle}
      </h2>
      <p className={styles.note}>{contactCopy.requiredNote}</p>
      <div className={styles.field}>
        <label htmlFor={ids.name}>{contactCopy.name}</label>
        <input type="text" autoComplete="name" {...field('name')} />
        {fieldError('name')}
      </div>
      <div className={styles.field}>
        <label htmlFor={ids.email}>{contactCopy.email}</label>
        <input type="email" autoComplete="email" inputMode="email" spellCheck={false} {...field('email')} />
        {fieldError('email')}
      </div>
      <div className={styles.field}>
        <label htmlFor={ids.message}>{contactCopy.message}</label>
        <p id={ids.hint} className={styles.hint}>
          {contactCopy.messageHint}
        </p>
        <textarea rows={7} {...messageField} aria-describedby={[ids.hint, messageField['aria-describedby']].filter(Boolean).join(' ')} />
        {fieldError('message')}
      </div>
      {viaServer ? (
        <>
          <input type="hidden" name={START_TOKEN_FIELD} value={server.startToken} />
          {/* Without JavaScript the page the form is on is the visit's whole source; the same for every visitor. */}
          <input type="hidden" name={SOURCE_FIELDS.landingPath} value={paths.contact} />
          {/* A field for robots: off-screen and hidden from assistive technology, never reached by Tab. */}
          <div className={styles.trap} aria-hidden="true">
            <label htmlFor={ids.trap}>{contactCopy.honeypot}</label>
            <input ref={honeypot} id={ids.trap} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
          </div>
        </>
      ) : null}
      <div className={styles.actions}>
        <button type="submit" className={buttonClass('primary')} disabled={server.sending && viaServer}>
          {contactCopy.send}
        </button>
        <button type="button" className={buttonClass('secondary')} onClick={() => dispatch(cancelled())}>
          {contactCopy.cancel}
        </button>
      </div>
      {/* Always present, so screen readers announce the message when it appears. */}
      <p role="status" className={styles.status}>
        {shown ? <span className={shown.kind === 'sent' ? styles.success : styles.failure}>{shown.text}</span> : null}
      </p>
    </form>
  );
}

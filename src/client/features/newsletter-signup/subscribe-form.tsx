import { useId, useRef, useState } from 'react';
import { HONEYPOT_FIELD } from '../../../shared/contact';
import { SUBSCRIBE_API_PATH } from '../../../shared/newsletter';
import { useRuntimeConfig } from '../../lib/runtime-config';
import styles from './subscribe-form.module.css';

type Sender = typeof import('./send-subscription');

/**
 * "Get new posts by e-mail" on the blog and every post. A plain form post (the server answers
 * with a page), so it works without the app's script; with it, the sending code loads when the
 * field is first used, and the answer shows in place. Kept this small because it rides on every
 * blog page's first load.
 */
export function SubscribeForm() {
  const id = useId();
  const { apiBaseUrl } = useRuntimeConfig();
  const [answer, setAnswer] = useState('');
  const sender = useRef<Promise<ReturnType<Sender['subscriptionSender']>>>(undefined);
  const load = () => (sender.current ??= import(/* webpackChunkName: "page-subscribe" */ './send-subscription').then((module) => module.subscriptionSender(apiBaseUrl)));
  return (
    <form
      className={styles.form}
      action={`${apiBaseUrl}${SUBSCRIBE_API_PATH}`}
      method="post"
      aria-labelledby={`${id}-h`}
      onFocus={() => void load()}
      onSubmit={(event) => {
        event.preventDefault();
        const form = event.currentTarget;
        void load().then((send) => send(form, setAnswer));
      }}
    >
      {/* Not a heading: the lists it follows read their cards' titles as the level below the page's. */}
      <p id={`${id}-h`} className={styles.heading}>
        Get new posts by e-mail
      </p>
      <label htmlFor={`${id}-e`}>Email</label>
      <div className={styles.row}>
        <input id={`${id}-e`} className={styles.input} type="email" name="email" required autoComplete="email" maxLength={254} />
        <button type="submit" className={styles.button}>
          Subscribe
        </button>
      </div>
      {/* For robots: off-screen, hidden from assistive technology, never reached by Tab. */}
      <div className={styles.trap} aria-hidden="true">
        <label htmlFor={`${id}-w`}>Leave this field empty</label>
        <input id={`${id}-w`} type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </div>
      <p role="status" className={styles.answer}>
        {answer}
      </p>
    </form>
  );
}

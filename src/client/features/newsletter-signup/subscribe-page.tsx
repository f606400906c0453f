import { Link, useSearchParams } from 'react-router-dom';
import { CONFIRMED_TEXT, SUBSCRIBE_ANSWER, SUBSCRIBE_PAGE_STATES, SUBSCRIBE_STATE_PARAM, type SubscribePageState } from '../../../shared/newsletter';
import { paths } from '../../../shared/paths';
import { Seo } from '../../components/seo/seo';
import { SubscribeForm } from './subscribe-form';
import styles from './subscribe-page.module.css';

interface StateText {
  heading: string;
  text?: string;
  /** Whether the subscribe form follows (to try again). */
  form?: boolean;
}

const TEXTS: Record<SubscribePageState | 'none', StateText> = {
  none: { heading: 'Get new posts by e-mail', text: 'One mail when a post is published, nothing else. Every mail has a link to unsubscribe.', form: true },
  sent: { heading: 'Almost there', text: `${SUBSCRIBE_ANSWER} The link in the mail works for 48 hours.` },
  confirmed: { heading: CONFIRMED_TEXT, text: 'New posts will reach you by e-mail. Every mail has a link to unsubscribe.' },
  expired: { heading: 'This confirmation link has expired', text: 'Links work for 48 hours. Subscribe again to get a new one.', form: true },
  invalid: { heading: 'This link is not valid', text: 'It may have been used already, or copied only in part.', form: true },
  refused: { heading: 'Please enter a valid email address', form: true },
  unsubscribe: { heading: 'Unsubscribe from the blog by e-mail?', text: 'You will get no more mails about new posts.' },
  unsubscribed: { heading: 'You are unsubscribed', text: 'No more mails about new posts will come, and your address is deleted.' },
};

const stateOf = (value: string | null): SubscribePageState | 'none' => (SUBSCRIBE_PAGE_STATES as readonly (string | null)[]).includes(value) ? (value as SubscribePageState) : 'none';

/**
 * `/subscribe`: where the subscribe form, the confirmation link and the unsubscribe address
 * land, one state a page (in its query). The same for every reader, so the server caches it; the
 * unsubscribe address shows the `unsubscribe` state, whose button posts back to that address.
 */
export default function SubscribePage() {
  const [searchParams] = useSearchParams();
  const state = stateOf(searchParams.get(SUBSCRIBE_STATE_PARAM));
  const { heading, text, form } = TEXTS[state];
  return (
    <section className={`container ${styles.page}`} aria-labelledby="subscribe-title">
      <Seo title={`${heading} | Blog`} description="Get the blog's new posts by e-mail." path="/subscribe" noindex />
      <h1 id="subscribe-title">{heading}</h1>
      {text ? <p>{text}</p> : null}
      {state === 'unsubscribe' ? (
        // No action: the form posts back to the unsubscribe address it was opened at.
        <form method="post">
          <button type="submit" name="unsubscribe" value="1" className={styles.button}>
            Unsubscribe
          </button>
        </form>
      ) : null}
      {form ? <SubscribeForm /> : null}
      <p>
        <Link to={paths.blog}>Back to the blog</Link>
      </p>
    </section>
  );
}

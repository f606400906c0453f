import { HONEYPOT_FIELD, START_TOKEN_FIELD } from '../../../shared/contact';
import { SUBSCRIBE_ANSWER, SUBSCRIBE_API_PATH, SUBSCRIBE_FORM_PATH } from '../../../shared/newsletter';

/** The server takes a form sent sooner than this after its start time for a robot's. */
const PERSON_PACE_MS = 3200;
const FAILED = 'Your subscription could not be sent. Please try again.';

/**
 * The subscribe form's script, loaded when the form is first used: it asks for the form's start
 * time at once (the cached page holds none), and sends no sooner than a person would.
 */
export function subscriptionSender(apiBaseUrl: string) {
  const started = performance.now();
  const startToken = fetch(`${apiBaseUrl}${SUBSCRIBE_FORM_PATH}`, { credentials: 'same-origin' })
    .then((answer) => (answer.ok ? (answer.json() as Promise<{ startToken: string }>) : { startToken: '' }))
    .then((info) => info.startToken)
    .catch(() => '');

  return async (form: HTMLFormElement, show: (text: string) => void): Promise<void> => {
    const data = new FormData(form);
    show('Subscribing…');
    const wait = started + PERSON_PACE_MS - performance.now();
    if (wait > 0) await new Promise((resolve) => setTimeout(resolve, wait));
    try {
      const answer = await fetch(`${apiBaseUrl}${SUBSCRIBE_API_PATH}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        credentials: 'same-origin',
        body: JSON.stringify({ email: String(data.get('email') ?? ''), [HONEYPOT_FIELD]: String(data.get(HONEYPOT_FIELD) ?? ''), [START_TOKEN_FIELD]: await startToken }),
      });
      const body = (await answer.json().catch(() => ({}))) as { message?: string };
      show(answer.ok ? SUBSCRIBE_ANSWER : (body.message ?? FAILED));
      if (answer.ok) form.reset();
    } catch {
      show(FAILED);
    }
  };
}

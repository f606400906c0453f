import { useState } from 'react';
import { Seo } from '../../components/seo/seo';
import { useSessionActor } from '../session';
import { apiErrorMessage } from '../../lib/api/api-error';
import { ErrorMessage } from '../../components/forms/form-messages';
import { usePageHeading } from '../../components/page-frame/use-page-heading';
import { AuthenticatorSection } from './authenticator-section';
import { dateTime, describeEvent } from './event-words';
import { ConfirmIdentity } from './confirm-identity';
import { PasskeysSection } from './passkeys-section';
import { ConfirmationCancelled, StepUpProvider, useStepUp } from './step-up';
import { useGetSecurityQuery, useSignOutEverywhereMutation } from './security-api';
import buttons from '../../components/ui/buttons.module.css';
import securityStyles from './security.module.css';

export default function SecurityPage() {
  return <Security />;
}

/** What protects the account: passkeys, the authenticator app, recent events, sign out everywhere. */
function Security() {
  const heading = usePageHeading();
  const sessionActor = useSessionActor();
  const { data, error, isLoading } = useGetSecurityQuery();

  return (
    <div className="container">
      <Seo title="Security" description="Passkeys, authenticator app and recent sign-ins." noindex />
      <h1 ref={heading} tabIndex={-1}>
        Security
      </h1>
      {isLoading ? <p>Loading…</p> : null}
      {error ? <ErrorMessage>{apiErrorMessage(error, 'The security settings could not be loaded.')}</ErrorMessage> : null}
      {data ? (
        <StepUpProvider
          render={({ confirmed, cancelled }) => <ConfirmIdentity authenticator={data.authenticator} passkeys={data.passkeys.length > 0} onConfirmed={confirmed} onCancel={cancelled} />}
        >
          <PasskeysSection passkeys={data.passkeys} />
          <AuthenticatorSection on={data.authenticator} recoveryCodesLeft={data.recoveryCodesLeft} />
          <section className={securityStyles.section} aria-labelledby="activity-heading">
            <h2 id="activity-heading">Recent activity</h2>
            {data.events.length === 0 ? (
              <p>Nothing yet.</p>
            ) : (
              <div className={securityStyles.tableWrap}>
                <table className={securityStyles.table}>
                  <caption className="visually-hidden">Security events of the last 90 days, latest first</caption>
                  <thead>
                    <tr>
                      <th scope="col">When</th>
                      <th scope="col">What</th>
                      <th scope="col">Address</th>
                      <th scope="col">Browser</th>
                    </tr>
                  </thead>
                  <tbody>
                    {data.events.map((event) => (
                      <tr key={event.id}>
                        <td>{dateTime(event.at)}</td>
                        <td>{describeEvent(event)}</td>
                        <td>{event.address}</td>
                        <td>{event.browser}</td>
                      </tr>
                    ))}
                  </tbody>
                </table>
              </div>
            )}
          </section>
          <SessionsSection onEnded={() => sessionActor.send({ type: 'LOGOUT' })} />
        </StepUpProvider>
      ) : null}
    </div>
  );
}

/** "Sign out everywhere": ends every sign-in of the account, this one included. */
function SessionsSection({ onEnded }: { onEnded(): void }) {
  const { confirmFirst } = useStepUp();
  const [signOutEverywhere, signingOut] = useSignOutEverywhereMutation();
  const [error, setError] = useState<string | null>(null);

  async function endEverySession() {
    if (!window.confirm('Sign out on every device, this one included?')) return;
    setError(null);
    try {
      await confirmFirst(() => signOutEverywhere().unwrap());
      onEnded();
    } catch (failure) {
      if (!(failure instanceof ConfirmationCancelled)) setError(apiErrorMessage(failure, 'Signing out everywhere failed. Try again.'));
    }
  }

  return (
    <section className={securityStyles.section} aria-labelledby="sessions-heading">
      <h2 id="sessions-heading">Sessions</h2>
      <p>Ends every sign-in of this account, on every device, this one included.</p>
      <button type="button" className={buttons.danger} disabled={signingOut.isLoading} onClick={() => void endEverySession()}>
        Sign out everywhere
      </button>
      <ErrorMessage>{error}</ErrorMessage>
    </section>
  );
}

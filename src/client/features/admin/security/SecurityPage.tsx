import { Seo } from '../../../components/seo/Seo';
import { useSessionActor } from '../../session';
import { apiErrorMessage } from '../api-error';
import { RequireSession } from '../components/RequireSession';
import { ErrorMessage } from '../components/FormMessages';
import { usePageHeading } from '../hooks/usePageHeading';
import { AuthenticatorSection } from './AuthenticatorSection';
import { dateTime, describeEvent } from './event-words';
import { PasskeysSection } from './PasskeysSection';
import { useGetSecurityQuery, useSignOutEverywhereMutation } from './securityApi';
import styles from '../admin.module.css';
import securityStyles from './security.module.css';

export default function SecurityPage() {
  return (
    <RequireSession>
      <Security />
    </RequireSession>
  );
}

/** What protects the account: passkeys, the authenticator app, recent events, sign out everywhere. */
function Security() {
  const heading = usePageHeading();
  const session = useSessionActor();
  const { data, error, isLoading } = useGetSecurityQuery();
  const [signOutEverywhere, signingOut] = useSignOutEverywhereMutation();

  async function endEverySession() {
    if (!window.confirm('Sign out on every device, this one included?')) return;
    await signOutEverywhere().unwrap();
    session.send({ type: 'LOGOUT' });
  }

  return (
    <div className="container">
      <Seo title="Security" description="Passkeys, authenticator app and recent sign-ins." noindex />
      <h1 ref={heading} tabIndex={-1}>
        Security
      </h1>
      {isLoading ? <p>Loading…</p> : null}
      {error ? <ErrorMessage>{apiErrorMessage(error, 'The security settings could not be loaded.')}</ErrorMessage> : null}
      {data ? (
        <>
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
          <section className={securityStyles.section} aria-labelledby="sessions-heading">
            <h2 id="sessions-heading">Sessions</h2>
            <p>Ends every sign-in of this account, on every device, this one included.</p>
            <button type="button" className={styles.danger} disabled={signingOut.isLoading} onClick={() => void endEverySession().catch(() => undefined)}>
              Sign out everywhere
            </button>
          </section>
        </>
      ) : null}
    </div>
  );
}

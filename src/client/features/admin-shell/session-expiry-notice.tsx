import { useSession } from './use-session';
import messages from '../../components/forms/form-messages.module.css';
import notice from '../../components/ui/notice.module.css';
import { paths } from '../../../shared/paths';

const timeFormat = new Intl.DateTimeFormat('en-US', { hour: 'numeric', minute: '2-digit' });

/**
 * The warning of the session's last minutes (the `expiring` state: docs/product.md#session-states). There is no refresh call,
 * so the way on is a new sign-in, which a second tab can do without leaving this page: the
 * session follows sign-ins in other tabs, and the editor keeps its draft on this device.
 */
export function SessionExpiryNotice() {
  const { status, user } = useSession();
  const expiring = status === 'expiring' && user !== null;
  return (
    <div role="status" className={expiring ? notice.notice : messages.emptyStatus}>
      {expiring ? (
        <p>
          Your session is about to end (at {timeFormat.format(new Date(user.exp * 1000))}). Drafts are kept on this device.{' '}
          <a href={paths.adminLogin} target="_blank" rel="noopener">
            Log in again in a new tab
          </a>{' '}
          to keep working here.
        </p>
      ) : null}
    </div>
  );
}

import { NavLink } from 'react-router-dom';
import { paths } from '../../../shared/paths';
import { useSessionActor } from '../session';
import { useSessionUser } from './use-session';
import { UnreadBadge } from '../inbox';
import { adminLinksOf, type AdminPage } from './admin-page';
import styles from './admin-nav.module.css';

/**
 * The one navigation of the admin area, on every page behind the session guard: the pages the
 * route table declares (the current one marked for assistive technology), who is signed in, and
 * the way out, through the session machine like every sign-out.
 */
export function AdminNav({ pages }: { pages: readonly AdminPage[] }) {
  const links = adminLinksOf(pages);
  const user = useSessionUser();
  const sessionActor = useSessionActor();
  return (
    <nav className={styles.bar} aria-label="Admin">
      <div className={`container ${styles.inner}`}>
        <ul className={styles.links}>
          {links.map((link) => (
            <li key={link.path}>
              {/* `end`: the dashboard's link is not current on a page below it. */}
              <NavLink to={link.path} end className={({ isActive }) => (isActive ? `${styles.link} ${styles.current}` : styles.link)}>
                {link.label}
                {link.path === paths.adminInbox ? <UnreadBadge /> : null}
              </NavLink>
            </li>
          ))}
        </ul>
        <div className={styles.account}>
          {user ? <span className={styles.email}>{user.email}</span> : null}
          <button type="button" className={styles.logout} onClick={() => sessionActor.send({ type: 'LOGOUT' })}>
            Log Out
          </button>
        </div>
      </div>
    </nav>
  );
}

import { useEffect, useId, useRef, useState } from 'react';
import { Link, NavLink } from 'react-router-dom';
import { paths } from '../../../shared/paths';
import { useSiteSettings } from '../../lib/site-content/site-content-api';
import { Logo } from './logo';
import { navLinks, navServices } from './nav-links';
import { useNavbarScroll } from './use-navbar-scroll';
import styles from './navbar.module.css';

export function Navbar() {
  const { shortName } = useSiteSettings();
  const [menuOpen, setMenuOpen] = useState(false);
  const [servicesOpen, setServicesOpen] = useState(false);
  const { scrolled, hidden } = useNavbarScroll();
  const navRef = useRef<HTMLElement>(null);
  const menuId = useId();
  const servicesId = useId();

  useEffect(() => {
    if (!menuOpen && !servicesOpen) return;
    const onPointerDown = (event: PointerEvent) => {
      if (navRef.current && !navRef.current.contains(event.target as Node)) {
        setMenuOpen(false);
        setServicesOpen(false);
      }
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key !== 'Escape') return;
      setServicesOpen(false);
      setMenuOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [menuOpen, servicesOpen]);

  const classes = [styles.bar, scrolled && styles.scrolled, hidden && !menuOpen && styles.hidden].filter(Boolean).join(' ');
  const linkClass = ({ isActive }: { isActive: boolean }) => (isActive ? `${styles.link} ${styles.active}` : styles.link);

  return (
    <header className={classes} data-scrolled={scrolled} data-hidden={hidden && !menuOpen}>
      {/* Following any link closes whatever menu was open. */}
      <nav
        ref={navRef}
        className={styles.nav}
        aria-label="Main"
        onClick={(event) => {
          if (!(event.target as Element).closest('a')) return;
          setMenuOpen(false);
          setServicesOpen(false);
        }}
      >
        {/* The name starts with the words on the link (WCAG 2.5.3 Label in Name): speech users say what they see. */}
        <Link to={paths.home} className={styles.brand} aria-label={`${shortName} home page`}>
          <Logo className={styles.logo} />
        </Link>
        <button
          type="button"
          className={styles.toggle}
          aria-expanded={menuOpen}
          aria-controls={menuId}
          onClick={() => setMenuOpen((open) => !open)}
        >
          <span className={styles.toggleIcon} aria-hidden="true" />
          <span className="visually-hidden">{menuOpen ? 'Close menu' : 'Open menu'}</span>
        </button>
        <ul id={menuId} className={menuOpen ? `${styles.menu} ${styles.menuOpen}` : styles.menu}>
          <li>
            <NavLink to={paths.about} className={linkClass}>
              About
            </NavLink>
          </li>
          <li className={styles.dropdown}>
            <button
              type="button"
              className={styles.link}
              aria-expanded={servicesOpen}
              aria-controls={servicesId}
              onClick={() => setServicesOpen((open) => !open)}
            >
              Services <span className={styles.caret} aria-hidden="true" />
            </button>
            <ul id={servicesId} className={servicesOpen ? `${styles.submenu} ${styles.submenuOpen}` : styles.submenu}>
              {navServices.map((service) => (
                <li key={service.to}>
                  <NavLink to={service.to} className={styles.sublink}>
                    {service.label}
                  </NavLink>
                </li>
              ))}
            </ul>
          </li>
          {navLinks.map((link) => (
            <li key={link.to}>
              <NavLink to={link.to} className={linkClass}>
                {link.label}
              </NavLink>
            </li>
          ))}
        </ul>
      </nav>
    </header>
  );
}

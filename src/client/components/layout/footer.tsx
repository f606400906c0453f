import type { MouseEvent } from 'react';
import { Link, useLocation } from 'react-router-dom';
import { paths } from '../../../shared/paths';
import { useSiteSettings } from '../../lib/site-content/site-content-api';
import { addressLine } from '../../lib/site-content/site-identity';
import { Icon } from './contact-icons';
import { Logo } from './logo';
import styles from './footer.module.css';

export function Footer() {
  const { pathname } = useLocation();
  const site = useSiteSettings();

  // Already home: a link to the same page would do nothing, so glide back to the top instead.
  const onHomeClick = (event: MouseEvent<HTMLAnchorElement>) => {
    if (pathname !== paths.home) return;
    event.preventDefault();
    const reduce = window.matchMedia?.('(prefers-reduced-motion: reduce)').matches;
    window.scrollTo({ top: 0, behavior: reduce ? 'auto' : 'smooth' });
  };

  const contacts = [
    { name: 'phone' as const, label: `Call us at ${site.phone}`, href: `tel:${site.phoneInternational}` },
    { name: 'email' as const, label: `E-mail us at ${site.email}`, href: `mailto:${site.email}` },
    { name: 'whatsapp' as const, label: 'Message us on WhatsApp', href: `https://wa.me/${site.whatsapp}` },
  ];

  return (
    <footer className={styles.footer}>
      <div className={styles.inner}>
        <Link to={paths.adminLogin} className={styles.brand} aria-label={`${site.name}: administrator sign-in`}>
          <Logo className={styles.logo} />
        </Link>
        <nav aria-label="Footer">
          <ul className={styles.links}>
            <li>
              <Link to={paths.home} onClick={onHomeClick}>
                Home
              </Link>
            </li>
            <li>
              <Link to={paths.services}>Services</Link>
            </li>
            <li>
              <Link to={paths.blog}>Blog</Link>
            </li>
            <li>
              <Link to={paths.privacy}>Privacy</Link>
            </li>
          </ul>
        </nav>
        <ul className={styles.icons} aria-label="Contact and social profiles">
          {contacts.map((contact) => (
            <li key={contact.name}>
              <a href={contact.href} aria-label={contact.label} {...(contact.name === 'whatsapp' ? { target: '_blank', rel: 'noopener noreferrer' } : {})}>
                <Icon name={contact.name} />
              </a>
            </li>
          ))}
          {site.social.map((profile) => (
            <li key={profile.url}>
              <a href={profile.url} aria-label={profile.label} target="_blank" rel="noopener noreferrer">
                <Icon name={profile.network} />
              </a>
            </li>
          ))}
        </ul>
        <address className={styles.address}>
          {addressLine(site.address)}
          {site.addressIsIllustrative ? ' (an illustrative address of this demo agency)' : ''}
        </address>
        <p className={styles.copyright}>
          © {new Date().getFullYear()} {site.name}. All rights reserved.
        </p>
      </div>
    </footer>
  );
}

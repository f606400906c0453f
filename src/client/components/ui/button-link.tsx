import type { ReactNode } from 'react';
import { Link } from 'react-router-dom';
import styles from './button-link.module.css';

export type ButtonVariant = 'primary' | 'secondary' | 'accent';

export function buttonClass(variant: ButtonVariant = 'primary'): string {
  return `${styles.button} ${styles[variant]}`;
}

/** A link that looks like a button: site navigation, so it stays a link for assistive tech. */
export function ButtonLink({ to, variant = 'primary', children }: { to: string; variant?: ButtonVariant; children: ReactNode }) {
  return (
    <Link to={to} className={buttonClass(variant)}>
      {children}
    </Link>
  );
}

/** A row of buttons that wraps on narrow screens. */
export function ButtonRow({ children }: { children: ReactNode }) {
  return <div className={styles.row}>{children}</div>;
}

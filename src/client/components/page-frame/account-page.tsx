import type { ReactNode } from 'react';
import { Seo } from '../seo/seo';
import { usePageHeading } from './use-page-heading';
import styles from './account-page.module.css';

export interface AccountPageProps {
  title: string;
  description: string;
  /** Login, create and edit carry the noindex meta tag as well as the header (docs/product.md#indexing). */
  noindexMeta?: boolean;
  children: ReactNode;
  footer?: ReactNode;
}

/** The frame of the sign-in and account pages: one narrow card with its heading. */
export function AccountPage({ title, description, noindexMeta, children, footer }: AccountPageProps) {
  const heading = usePageHeading();
  return (
    <div className={`container ${styles.accountPage}`}>
      <Seo title={title} description={description} noindex={noindexMeta} />
      <div className={styles.card}>
        <h1 ref={heading} tabIndex={-1}>
          {title}
        </h1>
        {children}
        {footer ? <div className={styles.cardFooter}>{footer}</div> : null}
      </div>
    </div>
  );
}

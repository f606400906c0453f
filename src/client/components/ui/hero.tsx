import type { ReactNode } from 'react';
import type { SiteImage } from './site-img';
import { SiteImg } from './site-img';
import styles from './hero.module.css';

export interface HeroProps {
  /** A short line above the heading naming the page's subject. */
  eyebrow?: string;
  title: string;
  lead: ReactNode;
  image?: SiteImage;
  /** Buttons and links under the lead. */
  children?: ReactNode;
}

/** The top of a page: its one h1, an introduction, actions and an illustration. */
export function Hero({ eyebrow, title, lead, image, children }: HeroProps) {
  return (
    <section className={styles.hero} aria-labelledby="page-title">
      <div className={image ? `${styles.inner} ${styles.withImage}` : styles.inner}>
        <div className={styles.text}>
          {eyebrow ? <p className={styles.eyebrow}>{eyebrow}</p> : null}
          <h1 id="page-title" className={styles.title}>
            {title}
          </h1>
          <div className={styles.lead}>{lead}</div>
          {children}
        </div>
        {image ? <SiteImg image={image} priority className={styles.image} sizes="(min-width: 56rem) 34rem, 100vw" /> : null}
      </div>
    </section>
  );
}

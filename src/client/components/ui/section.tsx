import { useId, type ReactNode } from 'react';
import styles from './section.module.css';

export interface SectionProps {
  title: string;
  /** A sentence or two under the heading. */
  intro?: ReactNode;
  tone?: 'plain' | 'muted' | 'dark';
  /** Centre the heading and intro (overviews) rather than aligning them left (reading). */
  centered?: boolean;
  children: ReactNode;
}

/** A page section named by its h2, so that it is a landmark-like region a screen reader can list. */
export function Section({ title, intro, tone = 'plain', centered = false, children }: SectionProps) {
  const id = useId();
  return (
    <section className={`${styles.section} ${styles[tone]}`} aria-labelledby={id}>
      <div className="container">
        <header className={centered ? `${styles.header} ${styles.centered}` : styles.header}>
          <h2 id={id} className={styles.title}>
            {title}
          </h2>
          {intro ? <div className={styles.intro}>{intro}</div> : null}
        </header>
        {children}
      </div>
    </section>
  );
}

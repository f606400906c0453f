import { useId, type ReactNode } from 'react';
import { ButtonRow } from './button-link';
import styles from './call-to-action.module.css';

/** The closing band of a page: one question, one or two next steps. */
export function CallToAction({ title, text, children }: { title: string; text: string; children: ReactNode }) {
  const id = useId();
  return (
    <section className={styles.band} aria-labelledby={id}>
      <div className={`container ${styles.inner}`}>
        <h2 id={id} className={styles.title}>
          {title}
        </h2>
        <p className={styles.text}>{text}</p>
        <ButtonRow>{children}</ButtonRow>
      </div>
    </section>
  );
}

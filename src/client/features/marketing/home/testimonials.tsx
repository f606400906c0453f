import type { TestimonialsContent } from '../../../../shared/contract/site/packages';
import { SiteImg } from '../../../components/ui/site-img';
import styles from './testimonials.module.css';

function initials(name: string): string {
  return name
    .replace(/^(Dr|Mr|Mrs|Ms)\.?\s+/i, '')
    .split(/\s+/)
    .map((part) => part[0])
    .slice(0, 2)
    .join('');
}

export function Testimonials({ items }: { items: readonly TestimonialsContent['items'][number][] }) {
  return (
    <ul className={styles.list}>
      {items.map((item) => (
        <li key={item.name}>
          <figure className={styles.card}>
            <blockquote className={styles.quote}>
              <p>{item.quote}</p>
            </blockquote>
            <figcaption className={styles.caption}>
              {/* The photo or initials repeat the name beside them, so assistive tech skips them. */}
              {item.photo ? (
                <SiteImg image={item.photo} sizes="2.75rem" decorative className={styles.photo} />
              ) : (
                <span className={styles.avatar} aria-hidden="true">
                  {initials(item.name)}
                </span>
              )}
              <span>
                <span className={styles.name}>{item.name}</span>
                <span className={styles.role}>{item.role}</span>
              </span>
            </figcaption>
          </figure>
        </li>
      ))}
    </ul>
  );
}

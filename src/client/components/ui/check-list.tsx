import styles from './check-list.module.css';

/** A list whose items each carry a green check mark: features, benefits. */
export function CheckList({ items, label, className }: { items: readonly string[]; label?: string; className?: string }) {
  return (
    <ul className={className ? `${styles.list} ${className}` : styles.list} aria-label={label}>
      {items.map((item) => (
        <li key={item}>{item}</li>
      ))}
    </ul>
  );
}

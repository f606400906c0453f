import { characterCount } from '../../../../shared/text/share-fields';
import styles from './share-fields.module.css';

/** "120 / 300" under a field, marked once the text is over its limit (the server refuses it then). */
export function CharacterCounter({ id, text, limit }: { id: string; text: string; limit: number }) {
  const count = characterCount(text);
  const over = count > limit;
  return (
    <p id={id} className={over ? `${styles.counter} ${styles.over}` : styles.counter}>
      {count} / {limit} characters{over ? `: ${count - limit} too many` : ''}
    </p>
  );
}

import { useId } from 'react';
import { paths } from '../../../shared/paths';
import { COMMON_ZONES } from './slot-times';
import styles from './book.module.css';

/**
 * Which zone the times are shown in. Without script it is a little GET form that reloads the
 * page with `?tz=`; with script the choice applies at once.
 */
export function ZonePicker({ zone, ownerZone, onZone }: { zone: string; ownerZone: string; onZone: (zone: string) => void }) {
  const id = useId();
  const zones = [...new Set([zone, ownerZone, ...COMMON_ZONES])].sort();
  return (
    <form method="get" action={paths.book} className={styles.zone} onSubmit={(event) => event.preventDefault()}>
      <label htmlFor={id}>Times shown in</label>
      <select id={id} name="tz" value={zone} onChange={(event) => onZone(event.target.value)}>
        {zones.map((name) => (
          <option key={name} value={name}>
            {name.replace(/_/g, ' ')}
            {name === ownerZone ? ' (ours)' : ''}
          </option>
        ))}
      </select>
      <noscript>
        <button type="submit">Show times</button>
      </noscript>
    </form>
  );
}


import type { SlotDay } from './slot-times';
import styles from './book.module.css';

/** A day's free times as radio buttons named `start`, one group per day. */
export function SlotChoices({ days }: { days: readonly SlotDay[] }) {
  return days.map((day) => (
    <div key={day.key} className={styles.day} role="group" aria-label={day.label}>
      <p className={styles.dayLabel} aria-hidden="true">
        {day.label}
      </p>
      <ul className={styles.slots}>
        {day.slots.map((slot) => (
          <li key={slot.start}>
            <label className={styles.slot}>
              <input type="radio" name="start" value={slot.start} required />
              <span>{slot.label}</span>
            </label>
          </li>
        ))}
      </ul>
    </div>
  ));
}

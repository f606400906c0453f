import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import styles from '../admin.module.css';

export interface FormFieldProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'id'> {
  label: string;
  /** Help shown under the field and read with it. */
  hint?: ReactNode;
  /** Id of a message that explains why the value is wrong. */
  errorId?: string;
}

/** A labelled input; its hint and error are tied to it so that screen readers read them together. */
export function FormField({ label, hint, errorId, ...input }: FormFieldProps) {
  const id = useId();
  const hintId = `${id}-hint`;
  const describedBy = [hint ? hintId : null, errorId ?? null].filter(Boolean).join(' ') || undefined;
  return (
    <div className={styles.field}>
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-describedby={describedBy} aria-invalid={errorId ? true : undefined} {...input} />
      {hint ? (
        <p id={hintId} className={styles.hint}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

/** The password an account is given: the browser may suggest one, and the rules are said before the first try. */
export function NewPasswordField({ label, value, onValue }: { label: string; value: string; onValue: (value: string) => void }) {
  return (
    <FormField
      label={label}
      type="password"
      name="password"
      autoComplete="new-password"
      required
      value={value}
      onChange={(e) => onValue(e.target.value)}
      hint="At least 12 characters. A few unrelated words make a strong one."
    />
  );
}

import { useId, type InputHTMLAttributes, type ReactNode } from 'react';
import forms from './form.module.css';

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
    <div className={forms.field}>
      <label htmlFor={id}>{label}</label>
      <input id={id} aria-describedby={describedBy} aria-invalid={errorId ? true : undefined} {...input} />
      {hint ? (
        <p id={hintId} className={forms.hint}>
          {hint}
        </p>
      ) : null}
    </div>
  );
}

interface TextFieldProps extends Pick<FormFieldProps, 'label' | 'hint' | 'errorId' | 'name'> {
  value: string;
  onValue: (value: string) => void;
}

/** The account's address, filled in by the browser's password manager as the user name. */
export function EmailField({ value, onValue, autoComplete = 'username' }: Pick<TextFieldProps, 'value' | 'onValue'> & { autoComplete?: 'username' | 'username webauthn' }) {
  return <FormField label="Email" type="email" name="email" autoComplete={autoComplete} required value={value} onChange={(e) => onValue(e.target.value)} />;
}

/** A required password; `autoComplete` tells the password manager whether to fill the saved one or suggest a new one. */
export function PasswordField({ name = 'password', value, onValue, ...field }: TextFieldProps & { autoComplete: 'current-password' | 'new-password' }) {
  return <FormField type="password" name={name} required value={value} onChange={(e) => onValue(e.target.value)} {...field} />;
}

/** The password an account is given: the browser may suggest one, and the rules are said before the first try. */
export function NewPasswordField({ label, value, onValue }: Pick<TextFieldProps, 'label' | 'value' | 'onValue'>) {
  return <PasswordField label={label} autoComplete="new-password" value={value} onValue={onValue} hint="At least 12 characters. A few unrelated words make a strong one." />;
}

import { useRef } from 'react';
import { FormatToolbar, useFormatShortcuts } from '../../posts-admin';
import styles from './schema-form.module.css';

interface MarkdownInputProps {
  id: string;
  value: string;
  onChange: (text: string) => void;
  maxLength: number | undefined;
  disabled: boolean;
  'aria-describedby': string | undefined;
  'aria-invalid': boolean | undefined;
}

/** A markdown text with the post editor's formatting toolbar and shortcuts. */
export function MarkdownInput({ value, onChange, ...props }: MarkdownInputProps) {
  const textarea = useRef<HTMLTextAreaElement>(null);
  useFormatShortcuts(textarea, onChange);
  return (
    <>
      <FormatToolbar textarea={textarea} onChange={onChange} />
      <textarea ref={textarea} {...props} className={styles.markdown} rows={14} value={value} onChange={(event) => onChange(event.target.value)} />
    </>
  );
}

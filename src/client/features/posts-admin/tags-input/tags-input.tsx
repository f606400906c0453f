import { useId, useState, type ChangeEvent, type KeyboardEvent } from 'react';
import { MAX_TAG_LENGTH, MAX_TAGS } from '../../../../shared/constants';
import { tagSlug } from '../../../../shared/text/tags';
import { ErrorMessage } from '../../../components/forms/form-messages';
import { addTag } from './tag-entry';
import styles from './tags-input.module.css';

export interface TagsInputProps {
  tags: readonly string[];
  onChange: (tags: readonly string[]) => void;
  /** Names of the tags already in use, offered while typing. */
  suggestions: readonly string[];
  disabled?: boolean;
}

/** Input events of typing and deleting; a suggestion picked from the list arrives as another kind (or none). */
const TYPED_INPUT = /^(insert(Text|CompositionText|FromPaste|FromDrop|LineBreak)|delete|history)/;

/**
 * The post's tags: typed names become removable chips on Enter or a comma (a pasted list becomes
 * several), Backspace in the empty field takes the last one back, and the tags already in use
 * are offered as the browser's own suggestion list (a datalist, which screen readers announce).
 * A name the API would refuse stays in the field with the reason under it.
 */
export function TagsInput({ tags, onChange, suggestions, disabled }: TagsInputProps) {
  const id = useId();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  /** Adds each name in turn; the first refused one stays in the field with the names after it. */
  function commit(names: readonly string[], rest: string): void {
    let next = tags;
    for (const [index, name] of names.entries()) {
      const entry = addTag(next, name);
      if (entry.problem) {
        setProblem(entry.problem);
        setText([...names.slice(index), rest].filter(Boolean).join(', '));
        if (next !== tags) onChange(next);
        return;
      }
      next = entry.tags;
    }
    setProblem(null);
    setText(rest);
    if (next !== tags) onChange(next);
  }

  function change(event: ChangeEvent<HTMLInputElement>) {
    const value = event.target.value;
    const inputType = (event.nativeEvent as Partial<InputEvent>).inputType ?? '';
    if (value.includes(',')) {
      const names = value.split(',');
      commit(names.slice(0, -1), names[names.length - 1]!.trimStart());
      return;
    }
    // A suggestion chosen from the list is a whole tag: it joins the post at once.
    const picked = !TYPED_INPUT.test(inputType) && suggestions.some((name) => name === value);
    if (picked) commit([value], '');
    else setText(value);
  }

  function keyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter') {
      // Enter adds the tag; it must not send the post.
      event.preventDefault();
      commit([text], '');
    } else if (event.key === 'Backspace' && text === '' && tags.length > 0) {
      event.preventDefault();
      remove(tags.length - 1);
    }
  }

  function remove(index: number) {
    setProblem(null);
    onChange(tags.filter((_, at) => at !== index));
  }

  const chosen = new Set(tags.map(tagSlug));
  const offered = suggestions.filter((name) => !chosen.has(tagSlug(name)));
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div className={styles.field}>
      <label htmlFor={`${id}-input`}>Tags</label>
      {tags.length > 0 ? (
        <ul className={styles.chips} aria-label="Tags of this post">
          {tags.map((name, index) => (
            <li key={name} className={styles.chip}>
              <span>{name}</span>
              <button type="button" className={styles.remove} aria-label={`Remove tag ${name}`} disabled={disabled} onClick={() => remove(index)}>
                <span aria-hidden="true">×</span>
              </button>
            </li>
          ))}
        </ul>
      ) : null}
      <input
        id={`${id}-input`}
        className={styles.input}
        value={text}
        list={`${id}-suggestions`}
        autoComplete="off"
        disabled={disabled}
        aria-invalid={problem ? true : undefined}
        aria-describedby={problem ? `${hintId} ${errorId}` : hintId}
        onChange={change}
        onKeyDown={keyDown}
        // A name typed and left there still counts: leaving the field adds it.
        onBlur={() => commit([text], '')}
      />
      <datalist id={`${id}-suggestions`}>
        {offered.map((name) => (
          <option key={name} value={name} />
        ))}
      </datalist>
      <p id={hintId} className={styles.hint}>
        Press Enter or type a comma after each tag. Up to {MAX_TAGS} tags, each at most {MAX_TAG_LENGTH} characters ({tags.length} of {MAX_TAGS} used).
      </p>
      <ErrorMessage id={errorId}>{problem}</ErrorMessage>
    </div>
  );
}

import { useId, useRef } from 'react';
import { useNavigate } from 'react-router-dom';
import { paths } from '../../../shared/paths';
import { searchCopy } from './search-copy';
import styles from './search-form.module.css';

/**
 * The blog's search form, on the blog list and the search page. A plain GET form to the search
 * page, so it works before (or without) the app's script; once the app runs, it moves there
 * without reloading. Uncontrolled, so that words typed before the script arrives are kept; whoever
 * shows it keys it by the query, so a new address starts it afresh.
 */
export function SearchForm({ query = '' }: { query?: string }) {
  const id = useId();
  const navigate = useNavigate();
  const input = useRef<HTMLInputElement>(null);
  return (
    <form
      role="search"
      className={styles.form}
      action={paths.blogSearch}
      method="get"
      onSubmit={(event) => {
        event.preventDefault();
        const text = input.current?.value ?? '';
        // After the event: a navigation started inside a prevented submit makes React treat the
        // form as a pending form action, which it does not need to be.
        void Promise.resolve().then(() => navigate(paths.blogSearchFor(text)));
      }}
    >
      <label htmlFor={`${id}-q`} className={styles.label}>
        {searchCopy.label}
      </label>
      <div className={styles.row}>
        <input ref={input} id={`${id}-q`} className={styles.input} type="search" name="q" defaultValue={query} />
        <button type="submit" className={styles.button}>
          {searchCopy.button}
        </button>
      </div>
    </form>
  );
}

import { useEffect, useMemo, useState } from 'react';
import { countWords, readingMinutes } from './format-markdown';
import styles from './word-count.module.css';

/** How long the writer must pause before a screen reader hears the new count. */
export const ANNOUNCE_DELAY_MS = 1000;

function wordCountText(words: number): string {
  return `${words} ${words === 1 ? 'word' : 'words'} · ${readingMinutes(words)} min read`;
}

/**
 * The text's word count and reading time. The visible figure follows every keystroke; the copy a
 * screen reader is told about changes only once typing pauses, so it is not read out mid-word.
 */
export function WordCount({ text }: { text: string }) {
  const summary = useMemo(() => wordCountText(countWords(text)), [text]);
  const [announced, setAnnounced] = useState(summary);

  useEffect(() => {
    const timer = setTimeout(() => setAnnounced(summary), ANNOUNCE_DELAY_MS);
    return () => clearTimeout(timer);
  }, [summary]);

  return (
    <p className={styles.wordCount}>
      <span aria-hidden="true">{summary}</span>
      <span className="visually-hidden" aria-live="polite" aria-atomic="true">
        {announced}
      </span>
    </p>
  );
}

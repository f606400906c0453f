import styles from './markdown.module.css';
import { STORED_HTML_ATTRIBUTE } from './stored-html-attribute';

export interface StoredMarkdownProps {
  /** A post's HTML as this site's server rendered and sanitised it when the post was written. */
  html: string;
  /** The post's `_id`. */
  postId: string;
  className?: string;
}

/**
 * A post's body as the server stored it (shared/markdown/render-html.ts renders it with the
 * same pipeline as `Markdown`, once per written version): no renderer is loaded or run in the
 * browser, on the first load or after a navigation. The HTML is safe as it is: the sanitiser
 * made it, and a change of the sanitiser renders every post again at start.
 */
export function StoredMarkdown({ html, postId, className }: StoredMarkdownProps) {
  const attributes = { [STORED_HTML_ATTRIBUTE]: postId };
  return <div className={className ? `${styles.markdown} ${className}` : styles.markdown} {...attributes} dangerouslySetInnerHTML={{ __html: html }} />;
}

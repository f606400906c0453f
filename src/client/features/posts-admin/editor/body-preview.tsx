import { Component, useDeferredValue, useEffect, type ReactNode } from 'react';
import { convertLineBreaks } from '../../../../shared/text/line-breaks';
import { LazyMarkdown, loadMarkdown } from '../../../components/markdown/lazy-markdown';
import forms from '../../../components/forms/form.module.css';
import styles from './body-preview.module.css';

/** A preview that cannot load (its script failed on a bad connection) must not take the form down with it. */
class PreviewBoundary extends Component<{ children: ReactNode }, { failed: boolean }> {
  override state = { failed: false };

  static getDerivedStateFromError() {
    return { failed: true };
  }

  override render() {
    return this.state.failed ? <p className={forms.hint}>The preview is not available right now; the post itself is not affected.</p> : this.props.children;
  }
}

/** The body as the post page will show it, line breaks converted as they will be on publishing. */
export function BodyPreview({ body }: { body: string }) {
  const deferred = useDeferredValue(body);
  // The same renderer as the post page, in its own chunk: fetched as the editor opens, before the first keystroke needs it.
  useEffect(() => {
    loadMarkdown().catch(() => undefined);
  }, []);
  return (
    <section className={styles.preview} aria-labelledby="preview-heading">
      <h2 id="preview-heading" className={styles.previewLabel}>Preview</h2>
      <div className={styles.previewBody}>
        {deferred.trim() === '' ? (
          <p className={forms.hint}>The post will appear here as you write.</p>
        ) : (
          <PreviewBoundary>
            <LazyMarkdown content={convertLineBreaks(deferred)} fallback={<p className={forms.hint}>Loading preview...</p>} />
          </PreviewBoundary>
        )}
      </div>
    </section>
  );
}

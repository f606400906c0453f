import { lazy, Suspense, useDeferredValue } from 'react';
import { convertLineBreaks } from '../../../../shared/text/line-breaks';
import styles from '../admin.module.css';

// The same renderer as the post page, loaded only when the editor opens.
const Markdown = lazy(() => import(/* webpackChunkName: "markdown" */ '../../../components/markdown/Markdown'));

/** The body as the post page will show it, line breaks converted as they will be on publishing. */
export function BodyPreview({ body }: { body: string }) {
  const deferred = useDeferredValue(body);
  return (
    <section className={styles.preview} aria-labelledby="preview-heading">
      <h2 id="preview-heading">Preview</h2>
      <div className={styles.previewBody}>
        {deferred.trim() === '' ? (
          <p className={styles.hint}>The post will appear here as you write.</p>
        ) : (
          <Suspense fallback={<p className={styles.hint}>Loading preview...</p>}>
            <Markdown content={convertLineBreaks(deferred)} />
          </Suspense>
        )}
      </div>
    </section>
  );
}

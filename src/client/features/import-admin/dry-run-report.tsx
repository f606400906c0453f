import type { ImportJob } from '../../../shared/contract/imports';
import styles from './import.module.css';

const count = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** What the export holds, what will be imported and what will not. */
export function DryRunReport({ job }: { job: ImportJob }) {
  const { summary } = job;
  return (
    <section aria-labelledby="dry-run" className={styles.report}>
      <h2 id="dry-run">What the {summary.source === 'wordpress' ? 'WordPress' : 'Ghost'} export holds</h2>
      <ul>
        <li>{count(summary.posts, 'published post', 'published posts')}</li>
        <li>{count(summary.drafts, 'draft', 'drafts')}, kept as drafts</li>
        <li>
          {count(summary.tags.length, 'tag', 'tags')}
          {summary.tags.length > 0 ? `: ${summary.tags.join(', ')}` : ''}
        </li>
        <li>{count(summary.images, 'image', 'images')}</li>
      </ul>
      <h3>Not imported</h3>
      <ul>
        <li>{count(summary.skipped.pages, 'page', 'pages')} (this site&apos;s pages are edited on their own)</li>
        <li>{count(summary.skipped.comments, 'comment', 'comments')}</li>
        <li>{count(summary.skipped.authors, 'author', 'authors')} (posts are yours)</li>
      </ul>
      {summary.leftAsText.length > 0 ? (
        <>
          <h3>Kept as text</h3>
          <p>These shortcodes and blocks cannot be shown here; they stay in the post as text for you to replace:</p>
          <ul>
            {summary.leftAsText.map((item) => (
              <li key={`${item.post} ${item.code}`}>
                <code>{item.code}</code> in “{item.post}”
              </li>
            ))}
          </ul>
        </>
      ) : null}
    </section>
  );
}

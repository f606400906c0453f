import { useState } from 'react';
import type { Publication } from '../../../shared/contract/site/api';
import { apiErrorMessage } from '../../lib/api/api-error';
import { ErrorMessage } from '../../components/forms/form-messages';
import buttons from '../../components/ui/buttons.module.css';
import { describePath, partLabel } from './site-parts';
import { useGetSitePublicationsQuery, useRestoreSitePublicationMutation } from './site-editor-api';
import styles from './site-editor.module.css';

const when = new Intl.DateTimeFormat(undefined, { dateStyle: 'long', timeStyle: 'short' });

/** What a publication changed, in the form's words. */
function changesOf(publication: Publication): string[] {
  return publication.changes.flatMap(({ part, fields }) => fields.map((field) => (field === '…' ? '…' : describePath(part, field.split('.')))));
}

/** The newest publications, each restorable as a new one. */
export function PublicationsList({ announce }: { announce: (message: string) => void }) {
  const { data, error, isLoading } = useGetSitePublicationsQuery();
  const [restore, { isLoading: restoring }] = useRestoreSitePublicationMutation();
  const [failure, setFailure] = useState<string | null>(null);

  async function onRestore(publication: Publication) {
    const time = when.format(new Date(publication.publishedAt));
    if (!window.confirm(`Publish the site as it was on ${time} again? Visitors see it at once; your draft stays as it is.`)) return;
    setFailure(null);
    try {
      await restore(publication.id).unwrap();
      announce(`The site as it was on ${time} is published again.`);
    } catch (problem) {
      setFailure(apiErrorMessage(problem, 'The publication could not be restored. Try again.'));
    }
  }

  return (
    <section aria-labelledby="site-publications-heading" className={styles.section}>
      <h2 id="site-publications-heading">Publications</h2>
      <p>The 50 newest, newest first. Restoring one publishes it again as a new publication.</p>
      {isLoading ? <p>Loading…</p> : null}
      {error ? <ErrorMessage>{apiErrorMessage(error, 'The publications could not be loaded.')}</ErrorMessage> : null}
      <ErrorMessage>{failure}</ErrorMessage>
      {data && data.length === 0 ? <p>Nothing published yet: the site shows the words it started with.</p> : null}
      {data && data.length > 0 ? (
        <ol className={styles.publications}>
          {data.map((publication, index) => {
            const changes = changesOf(publication);
            const time = when.format(new Date(publication.publishedAt));
            return (
              <li key={publication.id}>
                <h3>
                  <time dateTime={publication.publishedAt}>{time}</time>
                  {index === 0 ? ' (live now)' : ''}
                </h3>
                {publication.restoredFrom !== null ? <p>Restored an earlier publication.</p> : null}
                {changes.length > 0 ? (
                  <details>
                    <summary>
                      {publication.changes.map(({ part }) => partLabel(part)).join(', ')}: {changes.length} {changes.length === 1 ? 'field' : 'fields'}
                    </summary>
                    <ul>
                      {changes.map((change, at) => (
                        <li key={at}>{change}</li>
                      ))}
                    </ul>
                  </details>
                ) : (
                  <p>No changes from the one before.</p>
                )}
                {index === 0 ? null : (
                  <button type="button" className={buttons.secondary} disabled={restoring} onClick={() => void onRestore(publication)} aria-label={`Restore the publication of ${time}`}>
                    Restore
                  </button>
                )}
              </li>
            );
          })}
        </ol>
      ) : null}
    </section>
  );
}

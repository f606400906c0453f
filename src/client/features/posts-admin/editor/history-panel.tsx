import { diffWords, type Change } from 'diff';
import { useId, useMemo, useRef, useState } from 'react';
import type { PostRevision } from '../../../../shared/api-types';
import { useSessionToken } from '../../admin-shell';
import { useGetRevisionsQuery, useRestoreRevisionMutation } from '../admin-posts-api';
import { apiErrorMessage } from '../../../lib/api/api-error';
import { readDraft, removeDraft } from '../drafts';
import type { DraftFields } from './use-draft';
import { momentFormat } from '../publication';
import { ErrorMessage, StatusMessage } from '../../../components/forms/form-messages';
import buttons from '../../../components/ui/buttons.module.css';
import forms from '../../../components/forms/form.module.css';
import styles from './history-panel.module.css';

/** Past this many milliseconds a difference is not worth the wait (bodies run to 200,000 characters). */
const DIFF_TIMEOUT_MS = 1000;

export interface HistoryPanelProps {
  postId: string;
  /** The post's text as stored now, which each version is compared with. */
  current: DraftFields;
  /** The editor's draft of this post on this device, which a restore replaces. */
  draftKey: string;
}

const savedAt = (revision: PostRevision) => momentFormat.format(new Date(revision.savedAt));

/**
 * The post's earlier versions, newest first: one chosen shows what changed since, word by word,
 * and can be restored. A restore is an update like any other, so the version it replaces joins
 * the history and nothing is lost.
 */
export function HistoryPanel({ postId, current, draftKey }: HistoryPanelProps) {
  const id = useId();
  const toggle = useRef<HTMLButtonElement>(null);
  const token = useSessionToken();
  // Closed until asked for: most edits need no history, and the editor opens with one request.
  const [open, setOpen] = useState(false);
  const { data: revisions, isError } = useGetRevisionsQuery(postId, { skip: !token || !open, refetchOnMountOrArgChange: true });
  const [restoreRevision, { isLoading: restoring }] = useRestoreRevisionMutation();
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const selected = revisions?.find((revision) => revision._id === selectedId) ?? null;

  async function restore(revision: PostRevision) {
    const unsaved = readDraft(draftKey) !== null;
    const question =
      `Restore the version saved ${savedAt(revision)}? The current text stays in the history.` +
      (unsaved ? ' Your unsaved changes in the editor will be discarded.' : '');
    if (!window.confirm(question)) return;
    setError(null);
    setAnnouncement(null);
    try {
      await restoreRevision({ id: postId, revisionId: revision._id }).unwrap();
    } catch (failure) {
      setError(apiErrorMessage(failure, 'Failed to restore the version.'));
      return;
    }
    // The editor starts again from the restored text; a draft of the replaced text must not be offered over it.
    removeDraft(draftKey);
    setSelectedId(null);
    setAnnouncement(`The version saved ${savedAt(revision)} was restored. The editor shows it now.`);
    // The button that had focus is gone with the comparison.
    toggle.current?.focus();
  }

  return (
    <section className={styles.history} aria-labelledby={`${id}-heading`}>
      <h2 id={`${id}-heading`}>
        <button
          ref={toggle}
          type="button"
          className={styles.historyToggle}
          aria-expanded={open}
          aria-controls={`${id}-panel`}
          onClick={() => setOpen(!open)}
        >
          History
        </button>
      </h2>
      <StatusMessage>{announcement}</StatusMessage>
      <div id={`${id}-panel`} hidden={!open}>
        <ErrorMessage>{error}</ErrorMessage>
        {!open ? null : isError ? (
          <ErrorMessage>Failed to load the history.</ErrorMessage>
        ) : !revisions ? (
          <p role="status">Loading history...</p>
        ) : revisions.length === 0 ? (
          <p className={forms.hint}>No earlier versions yet: each update keeps the version it replaces here.</p>
        ) : (
          <ol className={styles.revisionList} aria-label="Earlier versions, newest first">
            {revisions.map((revision) => (
              <li key={revision._id}>
                <button
                  type="button"
                  className={styles.revisionButton}
                  aria-pressed={revision._id === selectedId}
                  onClick={() => setSelectedId(revision._id === selectedId ? null : revision._id)}
                >
                  <time dateTime={revision.savedAt}>{savedAt(revision)}</time>
                  <span className={styles.revisionTitle}>{revision.title}</span>
                </button>
              </li>
            ))}
          </ol>
        )}
        {selected ? (
          <RevisionComparison revision={selected} current={current} restoring={restoring} onRestore={() => void restore(selected)} />
        ) : null}
      </div>
    </section>
  );
}

function RevisionComparison({
  revision,
  current,
  restoring,
  onRestore,
}: {
  revision: PostRevision;
  current: DraftFields;
  restoring: boolean;
  onRestore: () => void;
}) {
  const title = useMemo(() => diffWords(revision.title, current.title, { timeout: DIFF_TIMEOUT_MS }), [revision.title, current.title]);
  const body = useMemo(() => diffWords(revision.content, current.body, { timeout: DIFF_TIMEOUT_MS }), [revision.content, current.body]);
  return (
    <div className={styles.comparison} role="region" aria-label={`Version saved ${savedAt(revision)}`}>
      <h3>Changes from the version saved {savedAt(revision)} to the current text</h3>
      <p className={forms.hint}>Struck-out words are only in that version; underlined words were added since.</p>
      <h4>Title</h4>
      <Difference changes={title} />
      <h4>Body</h4>
      <Difference changes={body} />
      <div className={buttons.actions}>
        <button type="button" className={buttons.primary} onClick={onRestore} disabled={restoring}>
          Restore this version
        </button>
      </div>
    </div>
  );
}

/**
 * Insertions and deletions as `<ins>` and `<del>`, with where each begins and ends spelled out
 * for those who do not see the styling (screen readers mostly say nothing of either element).
 */
function Difference({ changes }: { changes: Change[] | undefined }) {
  if (!changes) return <p className={forms.hint}>The texts differ too much to compare here.</p>;
  if (changes.every((change) => !change.added && !change.removed)) return <p className={forms.hint}>No change.</p>;
  return (
    <div className={styles.diff}>
      {changes.map((change, index) =>
        change.added ? (
          <ins key={index}>
            <span className="visually-hidden"> [added: </span>
            {change.value}
            <span className="visually-hidden">]</span>
          </ins>
        ) : change.removed ? (
          <del key={index}>
            <span className="visually-hidden"> [removed: </span>
            {change.value}
            <span className="visually-hidden">]</span>
          </del>
        ) : (
          <span key={index}>{change.value}</span>
        ),
      )}
    </div>
  );
}

import { useId, useState, type FormEvent } from 'react';
import { BODY_TEXTAREA_ROWS } from '../../../../shared/constants';
import { convertLineBreaks } from '../../../../shared/text/line-breaks';
import type { PostDraftPayload } from '../adminPostsApi';
import { useDraft, type DraftFields } from '../hooks/useDraft';
import { useUnsavedChangesWarning } from '../hooks/useUnsavedChangesWarning';
import { BodyPreview } from './BodyPreview';
import { ErrorMessage } from './FormMessages';
import { ImageField } from './ImageField';
import styles from '../admin.module.css';

const savedAtFormat = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeStyle: 'short' });

export interface PostEditorProps {
  /** Local storage key of this post's draft. */
  draftKey: string;
  /** What is published now (empty for a new post). */
  published: DraftFields;
  currentImageUrl?: string | null;
  submitLabel: string;
  /**
   * Sends the post; resolves when the server took it, or rejects with a message to show. The
   * body arrives with its line breaks converted (spec 5).
   */
  onSubmit: (payload: PostDraftPayload) => Promise<void>;
}

/** The create and edit form: title, body with a live preview, optional image, a draft kept on the device. */
export function PostEditor({ draftKey, published, currentImageUrl, submitLabel, onSubmit }: PostEditorProps) {
  const id = useId();
  const [fields, setFields] = useState<DraftFields>(published);
  const [image, setImage] = useState<File | null>(null);
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const draft = useDraft(draftKey, fields, published);
  useUnsavedChangesWarning((draft.dirty || image !== null) && !submitting);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError(null);
    setSubmitting(true);
    try {
      await onSubmit({ title: fields.title, body: convertLineBreaks(fields.body), image });
      draft.finish();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setSubmitting(false);
    }
  }

  return (
    <div className={styles.editor}>
      {draft.offer ? (
        <div className={styles.notice} role="region" aria-label="Unsaved draft">
          <p>
            There is an unsaved draft of this post from {savedAtFormat.format(new Date(draft.offer.savedAt))}. Drafts keep the title and
            body; choose the image again if you had picked one.
          </p>
          <div className={styles.actions}>
            <button
              type="button"
              className={styles.primary}
              onClick={() => {
                setFields({ title: draft.offer!.title, body: draft.offer!.body });
                draft.dismissOffer();
              }}
            >
              Restore draft
            </button>
            <button type="button" className={styles.secondary} onClick={draft.discard}>
              Discard draft
            </button>
          </div>
        </div>
      ) : null}
      <div className={styles.editorColumns}>
        <form className={styles.form} onSubmit={(event) => void submit(event)}>
          <div className={styles.field}>
            <label htmlFor={`${id}-title`}>Title</label>
            <input
              id={`${id}-title`}
              name="title"
              required
              value={fields.title}
              onChange={(event) => setFields((current) => ({ ...current, title: event.target.value }))}
            />
          </div>
          <div className={styles.field}>
            <label htmlFor={`${id}-body`}>Body</label>
            <textarea
              id={`${id}-body`}
              name="body"
              required
              rows={BODY_TEXTAREA_ROWS}
              aria-describedby={`${id}-body-hint`}
              value={fields.body}
              onChange={(event) => setFields((current) => ({ ...current, body: event.target.value }))}
            />
            <p id={`${id}-body-hint`} className={styles.hint}>
              Use a blank line between paragraphs for proper spacing.
            </p>
          </div>
          <ImageField file={image} onChange={setImage} currentImageUrl={currentImageUrl} disabled={submitting} />
          <ErrorMessage>{error}</ErrorMessage>
          <button type="submit" className={styles.primary} disabled={submitting}>
            {submitLabel}
          </button>
        </form>
        <BodyPreview body={fields.body} />
      </div>
    </div>
  );
}

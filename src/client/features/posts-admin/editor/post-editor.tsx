import { useId, useMemo, useRef, useState, type FormEvent } from 'react';
import type { PostStatus } from '../../../../shared/api-types';
import { BODY_TEXTAREA_ROWS } from '../../../../shared/constants';
import { convertLineBreaks } from '../../../../shared/text/line-breaks';
import { useGetTagSuggestionsQuery, type PostDraftPayload } from '../admin-posts-api';
import { FormatToolbar, useFormatShortcuts, WordCount } from '../editor-toolbar';
import { useDraft, type DraftFields } from './use-draft';
import { useUnsavedChangesWarning } from './use-unsaved-changes-warning';
import { fromLocalInput, momentFormat, ownerTimeZone, toLocalInput } from '../publication';
import { BodyPreview } from './body-preview';
import { ErrorMessage } from '../../../components/forms/form-messages';
import { ImageField } from './image-field';
import { TagsInput } from '../tags-input/tags-input';
import { ShareFields } from '../share-fields/share-fields';
import { SharePreviews } from '../share-fields/share-previews';
import { useFileUrl } from '../share-fields/use-file-url';
import { ContentImagePanel } from '../content-images/content-image-panel';
import { useContentImages } from '../content-images/use-content-images';
import buttons from '../../../components/ui/buttons.module.css';
import fieldGroup from '../field-group.module.css';
import forms from '../../../components/forms/form.module.css';
import notice from '../../../components/ui/notice.module.css';
import styles from './post-editor.module.css';

/** What the buttons of the form ask for; each sends the post with a status of its own. */
type Intent = 'draft' | 'publish' | 'publish-now' | 'unpublish';

const STATUS_OF: Record<Intent, PostStatus> = { draft: 'draft', publish: 'published', 'publish-now': 'published', unpublish: 'draft' };

export const SCHEDULE_MISSING = 'Choose the date and time to publish at.';
export const SCHEDULE_PAST = 'That time has already passed. Choose a time in the future to schedule the post.';
/** A local time the clocks skip when summer time starts. */
const scheduleSkipped = (zone: string) => `That time does not exist in ${zone}: the clocks change then. Choose another time.`;

export interface PostEditorProps {
  /** Local storage key of this post's draft. */
  draftKey: string;
  /** What is stored now (empty for a new post). */
  stored: DraftFields;
  currentImageUrl?: string | null;
  /** The post's address once it has one (a new post's follows its title). */
  slug?: string;
  /** The button that publishes: 'Publish Post' on the create page, 'Update Post' on the edit page. */
  submitLabel: string;
  /** Where the post stands now; a new post has no status yet. */
  status?: PostStatus;
  /** A scheduled post's time, which the scheduling field starts from. */
  publishedAt?: string | null;
  /**
   * Sends the post; resolves when the server took it, or rejects with a message to show. The
   * body arrives with its line breaks converted (docs/product.md#line-breaks).
   */
  onSubmit: (payload: PostDraftPayload) => Promise<void>;
}

/**
 * The create and edit form: title, body with a live preview, optional image, a draft kept on the
 * device, and the ways to send it: as a draft, published, scheduled, or taken back to a draft.
 */
export function PostEditor({ draftKey, stored, currentImageUrl, slug, submitLabel, status, publishedAt, onSubmit }: PostEditorProps) {
  const id = useId();
  const form = useRef<HTMLFormElement>(null);
  const scheduleInput = useRef<HTMLInputElement>(null);
  const bodyInput = useRef<HTMLTextAreaElement>(null);
  const [fields, setFields] = useState<DraftFields>(stored);
  const setBody = (body: string) => setFields((current) => ({ ...current, body }));
  const { data: tagsInUse } = useGetTagSuggestionsQuery();
  const suggestions = useMemo(() => tagsInUse?.map((tag) => tag.name) ?? [], [tagsInUse]);
  useFormatShortcuts(bodyInput, setBody);
  const contentImages = useContentImages(bodyInput, setBody);
  const [image, setImage] = useState<File | null>(null);
  const chosenImageUrl = useFileUrl(image);
  const [publishAt, setPublishAt] = useState(() => (status === 'scheduled' && publishedAt ? toLocalInput(new Date(publishedAt)) : ''));
  const [submitting, setSubmitting] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [scheduleError, setScheduleError] = useState<string | null>(null);
  const draft = useDraft(draftKey, fields, stored);
  useUnsavedChangesWarning((draft.dirty || image !== null) && !submitting);
  const timeZone = ownerTimeZone();
  const live = status === 'published' || status === 'scheduled';

  async function send(publication: Pick<PostDraftPayload, 'status' | 'publishAt'>) {
    setError(null);
    setScheduleError(null);
    setSubmitting(true);
    try {
      const shareFields = { description: fields.description ?? '', imageAlt: fields.imageAlt ?? '' };
      await onSubmit({ title: fields.title, body: convertLineBreaks(fields.body), image, tags: fields.tags ?? [], ...shareFields, ...publication });
      draft.finish();
    } catch (failure) {
      setError(failure instanceof Error ? failure.message : String(failure));
      setSubmitting(false);
    }
  }

  function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const intent = (event.nativeEvent as SubmitEvent).submitter?.getAttribute('value') as Intent | null | undefined;
    // Sent some other way than by one of the buttons, or 'Update Post' on a scheduled post (a
    // typo fixed on Friday must not launch Monday's post): the server keeps the post's state.
    const keep = !intent || (intent === 'publish' && status === 'scheduled');
    void send(keep ? {} : { status: STATUS_OF[intent] });
  }

  function schedule() {
    setScheduleError(null);
    // The title and body are checked as for the other buttons, by the form's own rules.
    if (!form.current?.reportValidity()) return;
    const at = fromLocalInput(publishAt);
    // The field's `min` was now when the page drew it; the time is checked again as it is sent.
    if (at === null || at.getTime() <= Date.now()) {
      setScheduleError(at !== null ? SCHEDULE_PAST : publishAt ? scheduleSkipped(timeZone) : SCHEDULE_MISSING);
      scheduleInput.current?.focus();
      return;
    }
    void send({ status: 'scheduled', publishAt: at.toISOString() });
  }

  return (
    <div className={styles.editor}>
      {draft.offer ? (
        <div className={notice.notice} role="region" aria-label="Unsaved draft">
          <p>
            There is an unsaved draft of this post from {momentFormat.format(new Date(draft.offer.savedAt))}. Drafts keep the title and
            body; choose the image again if you had picked one.
          </p>
          <div className={buttons.actions}>
            <button
              type="button"
              className={buttons.primary}
              onClick={() => {
                const { title, body, tags, description, imageAlt } = draft.offer!;
                setFields({ ...stored, title, body, tags: tags ?? stored.tags ?? [], ...(description !== undefined ? { description } : {}), ...(imageAlt !== undefined ? { imageAlt } : {}) });
                draft.dismissOffer();
              }}
            >
              Restore draft
            </button>
            <button type="button" className={buttons.secondary} onClick={draft.discard}>
              Discard draft
            </button>
          </div>
        </div>
      ) : null}
      <div className={styles.editorColumns}>
        <div className={styles.editorMain}>
          <form ref={form} className={forms.form} onSubmit={submit}>
            <div className={forms.field}>
              <label htmlFor={`${id}-title`}>Title</label>
              <input
                id={`${id}-title`}
                name="title"
                required
                value={fields.title}
                onChange={(event) => setFields((current) => ({ ...current, title: event.target.value }))}
                // With several ways to send the post, a keystroke in the title must not pick one.
                onKeyDown={(event) => {
                  if (event.key === 'Enter') event.preventDefault();
                }}
              />
            </div>
            <div className={forms.field}>
              <label htmlFor={`${id}-body`}>Body</label>
              <FormatToolbar textarea={bodyInput} onChange={setBody} />
              <ContentImagePanel images={contentImages} disabled={submitting} />
              <textarea
                ref={bodyInput}
                id={`${id}-body`}
                name="body"
                required
                rows={BODY_TEXTAREA_ROWS}
                aria-describedby={`${id}-body-hint`}
                value={fields.body}
                onChange={(event) => setBody(event.target.value)}
                onPaste={contentImages.onPaste}
                onDrop={contentImages.onDrop}
              />
              <p id={`${id}-body-hint`} className={forms.hint}>
                Use a blank line between paragraphs for proper spacing.
              </p>
              <WordCount text={fields.body} />
            </div>
            <TagsInput tags={fields.tags ?? []} onChange={(tags) => setFields((current) => ({ ...current, tags }))} suggestions={suggestions} disabled={submitting} />
            <ImageField file={image} onChange={setImage} currentImageUrl={currentImageUrl} disabled={submitting} />
            <ShareFields
              description={fields.description ?? ''}
              imageAlt={fields.imageAlt ?? ''}
              onChange={(change) => setFields((current) => ({ ...current, ...change }))}
              disabled={submitting}
            />
            <ErrorMessage>{error}</ErrorMessage>
            <div className={buttons.actions}>
              {live ? null : (
                <button type="submit" value="draft" className={buttons.secondary} disabled={submitting}>
                  Save draft
                </button>
              )}
              <button type="submit" value="publish" className={buttons.primary} disabled={submitting}>
                {submitLabel}
              </button>
              {status === 'scheduled' ? (
                <button type="submit" value="publish-now" className={buttons.secondary} disabled={submitting}>
                  Publish now
                </button>
              ) : null}
              {live ? (
                <button type="submit" value="unpublish" className={buttons.secondary} disabled={submitting}>
                  Unpublish
                </button>
              ) : null}
            </div>
          </form>
          {/* Outside the form: a time left in the past here must not hold back the other buttons. */}
          <fieldset className={fieldGroup.group} disabled={submitting}>
            <legend>Schedule</legend>
            <div className={forms.field}>
              <label htmlFor={`${id}-publish-at`}>Publish at ({timeZone})</label>
              <input
                ref={scheduleInput}
                id={`${id}-publish-at`}
                type="datetime-local"
                min={toLocalInput(new Date())}
                value={publishAt}
                aria-invalid={scheduleError ? true : undefined}
                aria-describedby={scheduleError ? `${id}-schedule-error` : undefined}
                onChange={(event) => setPublishAt(event.target.value)}
                onKeyDown={(event) => {
                  if (event.key !== 'Enter') return;
                  event.preventDefault();
                  schedule();
                }}
              />
            </div>
            <ErrorMessage id={`${id}-schedule-error`}>{scheduleError}</ErrorMessage>
            <div className={buttons.actions}>
              <button type="button" className={buttons.secondary} onClick={schedule}>
                Schedule
              </button>
            </div>
          </fieldset>
        </div>
        <div className={styles.previewColumn}>
          <BodyPreview body={fields.body} />
          <SharePreviews
            title={fields.title}
            body={fields.body}
            description={fields.description ?? ''}
            imageAlt={fields.imageAlt ?? ''}
            imageUrl={chosenImageUrl ?? currentImageUrl}
            {...(slug ? { slug } : {})}
          />
        </div>
      </div>
    </div>
  );
}

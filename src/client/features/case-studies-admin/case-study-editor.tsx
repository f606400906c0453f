import { useId, useRef, useState, type ReactNode } from 'react';
import type { CaseStudy, CaseStudyInput } from '../../../shared/contract/case-studies';
import { ErrorMessage, StatusMessage } from '../../components/forms/form-messages';
import { apiErrorMessage } from '../../lib/api/api-error';
import forms from '../../components/forms/form.module.css';
import buttons from '../../components/ui/buttons.module.css';
import { ContentImagePanel, FormatToolbar, useContentImages, useFormatShortcuts, useUnsavedChangesWarning, WordCount } from '../posts-admin';
import { inputOf, type CaseStudyFields } from './case-study-form';
import { CoverField } from './cover-field';
import { ResultsField } from './results-field';
import styles from './case-studies-admin.module.css';

interface CaseStudyEditorProps {
  initial: CaseStudyFields;
  /** Sends the case study; answers it as saved. */
  save: (input: CaseStudyInput) => Promise<CaseStudy>;
  /** After a save: where the page goes next, if anywhere. */
  onSaved?: (study: CaseStudy) => void;
  heading: ReactNode;
  /** What the page says at first (the new page's save, carried over to the edit page). */
  notice?: string | null;
}

/** What a save says, by the status saved. */
export const savedNotice = (study: CaseStudy) => (study.status === 'published' ? 'Saved and published.' : 'Saved as a draft: visitors do not see it.');

/** One case study's form: every field labelled, the text with the post editor's toolbar and images. */
export function CaseStudyEditor({ initial, save, onSaved, heading, notice = null }: CaseStudyEditorProps) {
  const id = useId();
  const [fields, setFields] = useState(initial);
  const [saved, setSaved] = useState(initial);
  const [saving, setSaving] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [status, setStatus] = useState<string | null>(notice);
  const textInput = useRef<HTMLTextAreaElement>(null);
  const set = (change: Partial<CaseStudyFields>) => {
    setStatus(null);
    setFields((current) => ({ ...current, ...change }));
  };
  const setText = (text: string) => set({ text });
  useFormatShortcuts(textInput, setText);
  const contentImages = useContentImages(textInput, setText);
  const dirty = JSON.stringify(fields) !== JSON.stringify(saved);
  useUnsavedChangesWarning(dirty && !saving);

  const submit = async () => {
    setError(null);
    if (!fields.coverUrl) {
      setError('Cover: choose an image for the case study.');
      return;
    }
    setSaving(true);
    try {
      const study = await save(inputOf(fields));
      const now = { ...fields, slug: study.slug };
      setFields(now);
      setSaved(now);
      setStatus(savedNotice(study));
      onSaved?.(study);
    } catch (failure) {
      setError(apiErrorMessage(failure, 'The case study could not be saved.'));
    } finally {
      setSaving(false);
    }
  };

  const text = (name: keyof CaseStudyFields, label: string, options: { maxLength: number; hint?: string; required?: boolean; type?: string; pattern?: string }) => (
    <div className={forms.field}>
      <label htmlFor={`${id}-${name}`}>{label}</label>
      <input
        id={`${id}-${name}`}
        name={name}
        type={options.type ?? 'text'}
        required={options.required ?? true}
        maxLength={options.maxLength}
        pattern={options.pattern}
        value={fields[name] as string}
        disabled={saving}
        aria-describedby={options.hint ? `${id}-${name}-hint` : undefined}
        onChange={(event) => set({ [name]: event.target.value })}
        onKeyDown={(event) => {
          if (event.key === 'Enter') event.preventDefault();
        }}
      />
      {options.hint ? (
        <p id={`${id}-${name}-hint`} className={forms.hint}>
          {options.hint}
        </p>
      ) : null}
    </div>
  );

  return (
    <form
      className={styles.editor}
      noValidate={false}
      onSubmit={(event) => {
        event.preventDefault();
        void submit();
      }}
    >
      {heading}
      {text('title', 'Title', { maxLength: 120, hint: 'The project, as the tile and the page heading say it.' })}
      {text('slug', 'Address (slug)', { maxLength: 80, required: false, pattern: '[a-z0-9]+(-[a-z0-9]+)*', hint: 'The page is /portfolio/ followed by this: lower-case letters, digits and hyphens. Left empty, it is made from the title.' })}
      {text('client', 'Client', { maxLength: 120, hint: 'Who the client is, in one short line, such as “Neighbourhood bakery and café”.' })}
      {text('sector', 'Sector', { maxLength: 60, hint: 'The line of business, such as “Food and drink”.' })}
      {text('summary', 'Summary', { maxLength: 300, hint: 'One or two sentences for the tile and for search results.' })}
      <div className={forms.field}>
        <label htmlFor={`${id}-text`}>Text</label>
        <FormatToolbar textarea={textInput} onChange={setText} />
        <ContentImagePanel images={contentImages} disabled={saving} />
        <textarea
          ref={textInput}
          id={`${id}-text`}
          name="text"
          rows={16}
          value={fields.text}
          disabled={saving}
          aria-describedby={`${id}-text-hint`}
          onChange={(event) => setText(event.target.value)}
          onPaste={contentImages.onPaste}
          onDrop={contentImages.onDrop}
        />
        <p id={`${id}-text-hint`} className={forms.hint}>
          Markdown, as in a post: the challenge, what was built, the outcome.
        </p>
        <WordCount text={fields.text} />
      </div>
      <CoverField url={fields.coverUrl} alt={fields.coverAlt} onUrl={(coverUrl) => set({ coverUrl })} onAlt={(coverAlt) => set({ coverAlt })} disabled={saving} />
      {text('liveUrl', 'Live site address', { maxLength: 300, required: false, type: 'url', pattern: 'https://.+', hint: 'The client’s site, starting with https://. Leave empty if it is not live.' })}
      <ResultsField results={fields.results} onChange={(results) => set({ results })} disabled={saving} />
      <fieldset className={styles.group}>
        <legend>Status</legend>
        {(['draft', 'published'] as const).map((value) => (
          <label key={value} className={styles.choice}>
            <input type="radio" name={`${id}-status`} value={value} checked={fields.status === value} disabled={saving} onChange={() => set({ status: value })} />
            {value === 'draft' ? 'Draft: only you see it' : 'Published: on the portfolio page and its own page'}
          </label>
        ))}
      </fieldset>
      <ErrorMessage>{error}</ErrorMessage>
      <StatusMessage>{status}</StatusMessage>
      <div className={buttons.actions}>
        <button type="submit" className={buttons.primary} disabled={saving}>
          {saving ? 'Saving...' : 'Save case study'}
        </button>
      </div>
    </form>
  );
}

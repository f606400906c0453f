import { useState, type FormEvent } from 'react';
import type { SiteContent, SitePart } from '../../../shared/contract/site/parts';
import { apiErrorMessage } from '../../lib/api/api-error';
import { ErrorMessage } from '../../components/forms/form-messages';
import buttons from '../../components/ui/buttons.module.css';
import forms from '../../components/forms/form.module.css';
import { FieldContext } from './schema-form/field-context';
import { SchemaField } from './schema-form/schema-field';
import { partLabel, partSchema } from './site-parts';
import { useResetSitePartMutation, useSaveSitePartMutation } from './site-editor-api';
import type { SiteDraft } from './use-site-draft';
import styles from './site-editor.module.css';

interface PartFormProps {
  part: SitePart;
  draft: SiteDraft;
  /** The version of the draft the server sent last: a save after a conflict is made against it. */
  latestVersion: number;
  problems: ReadonlyMap<string, string>;
  announce: (message: string) => void;
  /** Reads the draft again (after a conflict, to learn what the other tab left). */
  refresh: () => void;
}

const conflictStatus = (error: unknown) => typeof error === 'object' && error !== null && 'status' in error && error.status === 409;

/** One part of the site: its fields, "Save draft" and "Reset to default". */
export function PartForm({ part, draft, latestVersion, problems, announce, refresh }: PartFormProps) {
  const [save, { isLoading: saving }] = useSaveSitePartMutation();
  const [reset, { isLoading: resetting }] = useResetSitePartMutation();
  const [error, setError] = useState<string | null>(null);
  const [conflict, setConflict] = useState(false);
  const label = partLabel(part);
  const busy = saving || resetting;
  const value = draft.valueOf(part);
  const context = { part, problems, disabled: busy, onChange: (path: readonly (string | number)[], leaf: unknown) => draft.change(part, path, leaf) };

  async function onSave(event: FormEvent) {
    event.preventDefault();
    setError(null);
    // After a conflict the owner chose to keep their version: it is saved over the newest draft.
    const version = conflict ? latestVersion : draft.readAt(part);
    try {
      const result = await save({ part, version, content: value as SiteContent[SitePart] }).unwrap();
      draft.saved(part, value, result.draftVersion);
      setConflict(false);
      announce(`${label} saved to the draft. Publish changes to show it on the site.`);
    } catch (failure) {
      if (conflictStatus(failure)) {
        setConflict(true);
        refresh();
        return;
      }
      setError(apiErrorMessage(failure, `${label} could not be saved. Try again.`));
    }
  }

  async function onReset() {
    if (!window.confirm(`Reset ${label} to the words, numbers and images the site started with? Your draft of this part is replaced; the site changes only when you publish.`)) return;
    setError(null);
    try {
      await reset({ part, version: conflict ? latestVersion : draft.readAt(part) }).unwrap();
      draft.forget([part]);
      setConflict(false);
      announce(`${label} reset to the default in the draft.`);
    } catch (failure) {
      if (conflictStatus(failure)) {
        setConflict(true);
        refresh();
        return;
      }
      setError(apiErrorMessage(failure, `${label} could not be reset. Try again.`));
    }
  }

  function loadLatest() {
    draft.reload(part);
    setConflict(false);
    announce(`${label} shows the latest draft.`);
  }

  return (
    <form className={forms.form} aria-labelledby="site-part-heading" onSubmit={(event) => void onSave(event)}>
      <h2 id="site-part-heading">{label}</h2>
      {conflict ? (
        <div role="alert" className={styles.conflict}>
          <p>
            The draft of {label} was changed in another tab or window since you opened it. Your edits are still here: save again to keep your version, or load the
            latest draft to see the other change (your edits to {label} are then dropped).
          </p>
          <button type="button" className={buttons.secondary} onClick={loadLatest}>
            Load the latest draft
          </button>
        </div>
      ) : null}
      {value === undefined ? (
        <p>Loading…</p>
      ) : (
        <FieldContext value={context}>
          <SchemaField node={partSchema(part)} path={[]} value={value} />
        </FieldContext>
      )}
      <ErrorMessage>{error}</ErrorMessage>
      <div className={buttons.actions}>
        <button type="submit" className={buttons.primary} disabled={busy || value === undefined}>
          {saving ? 'Saving…' : conflict ? 'Save my version' : 'Save draft'}
        </button>
        <button type="button" className={buttons.danger} disabled={busy} onClick={() => void onReset()}>
          Reset to default
        </button>
      </div>
    </form>
  );
}

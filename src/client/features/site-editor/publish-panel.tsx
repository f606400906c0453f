import { useState } from 'react';
import type { SiteEditorState, SiteProblem } from '../../../shared/contract/site/api';
import type { SitePart } from '../../../shared/contract/site/parts';
import { apiErrorMessage } from '../../lib/api/api-error';
import { ErrorMessage } from '../../components/forms/form-messages';
import buttons from '../../components/ui/buttons.module.css';
import { paths } from '../../../shared/paths';
import { partLabel, PREVIEW_PAGES } from './site-parts';
import { useDiscardSiteDraftMutation, usePublishSiteMutation } from './site-editor-api';
import styles from './site-editor.module.css';

/** A publish refusal: what the checks said, shown with links to the fields. */
export interface Refusal {
  message: string;
  problems: SiteProblem[];
}

interface PublishPanelProps {
  state: SiteEditorState;
  /** The draft version the publication is made against (the newest this tab knows). */
  version: number;
  /** Parts with edits not yet saved to the draft. */
  unsaved: readonly SitePart[];
  announce: (message: string) => void;
  onRefused: (refusal: Refusal | null) => void;
  onDiscarded: () => void;
}

const refusalOf = (error: unknown): Refusal | null => {
  if (typeof error !== 'object' || error === null || !('status' in error) || error.status !== 422) return null;
  const data = (error as { data?: { message?: string; problems?: SiteProblem[] } }).data;
  return data?.problems ? { message: data.message ?? 'Some fields need attention before publishing.', problems: data.problems } : null;
};

const names = (parts: readonly SitePart[]) => parts.map(partLabel).join(', ');

/** The draft's state, its preview, "Publish changes" and "Discard changes". */
export function PublishPanel({ state, version, unsaved, announce, onRefused, onDiscarded }: PublishPanelProps) {
  const [publish, { isLoading: publishing }] = usePublishSiteMutation();
  const [discard, { isLoading: discarding }] = useDiscardSiteDraftMutation();
  const [failure, setFailure] = useState<string | null>(null);
  const busy = publishing || discarding;

  async function onPublish() {
    setFailure(null);
    onRefused(null);
    if (unsaved.length > 0) {
      setFailure(`Save or reset your changes to ${names(unsaved)} first: only the saved draft is published.`);
      return;
    }
    try {
      await publish({ version }).unwrap();
      announce('Your changes are published: visitors see them now.');
    } catch (error) {
      const refusal = refusalOf(error);
      if (refusal) onRefused(refusal);
      else setFailure(apiErrorMessage(error, 'The changes could not be published. Try again.'));
    }
  }

  async function onDiscard() {
    const also = unsaved.length > 0 ? ` Your unsaved edits to ${names(unsaved)} go too.` : '';
    if (!window.confirm(`Discard every change not yet published? The draft goes back to what visitors see now.${also}`)) return;
    setFailure(null);
    onRefused(null);
    try {
      await discard().unwrap();
      onDiscarded();
      announce('The draft is discarded: it is what visitors see now.');
    } catch (error) {
      setFailure(apiErrorMessage(error, 'The draft could not be discarded. Try again.'));
    }
  }

  const live = state.publishedAt ? `Visitors see what was published on ${new Date(state.publishedAt).toLocaleString()}.` : 'Visitors see the words the site started with.';
  return (
    <section aria-labelledby="site-draft-heading" className={styles.section}>
      <h2 id="site-draft-heading">Draft</h2>
      <p>
        {live}{' '}
        {state.hasDraft ? `Saved changes not yet published: ${names(state.changedParts)}.` : 'There are no saved changes to publish.'}
        {unsaved.length > 0 ? ` Not yet saved: ${names(unsaved)}.` : ''}
      </p>
      <details className={styles.preview}>
        <summary>Preview a page with the draft</summary>
        <ul>
          {PREVIEW_PAGES.map(({ label, path }) => (
            <li key={path}>
              <a href={paths.adminSitePreview(path)} target="_blank" rel="noopener">
                {label}
                <span className="visually-hidden"> (preview, opens in a new tab)</span>
              </a>
            </li>
          ))}
        </ul>
      </details>
      <ErrorMessage>{failure}</ErrorMessage>
      <div className={buttons.actions}>
        <button type="button" className={buttons.primary} disabled={busy || !state.hasDraft} onClick={() => void onPublish()}>
          {publishing ? 'Publishing…' : 'Publish changes'}
        </button>
        <button type="button" className={buttons.danger} disabled={busy || (!state.hasDraft && unsaved.length === 0)} onClick={() => void onDiscard()}>
          Discard changes
        </button>
      </div>
    </section>
  );
}

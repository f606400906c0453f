import { useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router-dom';
import { SITE_PARTS, type SitePart } from '../../../shared/contract/site/parts';
import { Seo } from '../../components/seo/seo';
import { ErrorMessage, StatusMessage } from '../../components/forms/form-messages';
import { usePageHeading } from '../../components/page-frame/use-page-heading';
import { apiErrorMessage } from '../../lib/api/api-error';
import { useUnsavedChangesWarning } from '../posts-admin';
import { PartForm } from './part-form';
import { ProblemSummary } from './problem-summary';
import { PublicationsList } from './publications-list';
import { PublishPanel, type Refusal } from './publish-panel';
import { partLabel } from './site-parts';
import { useGetSiteEditorQuery } from './site-editor-api';
import { useSiteDraft } from './use-site-draft';
import styles from './site-editor.module.css';

const LEAVE_WARNING = 'You have changes to the site that are not saved to the draft. Leave this page and lose them?';

const isPart = (value: string | null): value is SitePart => SITE_PARTS.includes(value as SitePart);

/** Moves the focus to the field of `id` (or the nearest group holding it), unfolding what hides it. */
function focusField(target: string): boolean {
  let id = target;
  let element = document.getElementById(id);
  while (!element && id.includes('.')) {
    id = id.slice(0, id.lastIndexOf('.'));
    element = document.getElementById(id);
  }
  if (!element) return false;
  for (let folded = element.closest('details'); folded; folded = folded.parentElement?.closest('details') ?? null) folded.open = true;
  element.focus();
  element.scrollIntoView?.({ block: 'center' });
  return true;
}

/** `/admin/site`: every part of the site's content, its draft, preview, publication and history. */
export default function SiteEditorPage() {
  const heading = usePageHeading();
  const [params, setParams] = useSearchParams();
  const part = isPart(params.get('part')) ? (params.get('part') as SitePart) : 'settings';
  const { data, error, isLoading, refetch } = useGetSiteEditorQuery();
  const draft = useSiteDraft(data);
  const [status, setStatus] = useState<string | null>(null);
  const [refusal, setRefusal] = useState<Refusal | null>(null);
  const summary = useRef<HTMLDivElement>(null);
  useUnsavedChangesWarning(draft.unsaved.length > 0, LEAVE_WARNING);

  const problems = new Map((refusal?.problems ?? []).map(({ path, message }) => [`site.${path}`, message]));

  function choose(next: SitePart) {
    setParams({ part: next }, { replace: true });
  }

  // A field named by the checks: its part is drawn first, then the field takes the focus.
  const focusTarget = useRef<string | null>(null);
  useEffect(() => {
    if (focusTarget.current && focusField(focusTarget.current)) focusTarget.current = null;
  });

  useEffect(() => {
    if (refusal) summary.current?.focus();
  }, [refusal]);

  return (
    <div className="container">
      <Seo title="Site" description="Edit the site's pages, preview and publish them." noindex />
      <h1 ref={heading} tabIndex={-1}>
        Site
      </h1>
      <p>
        Everything visitors read outside the blog. Changes are saved as a draft, which you can preview; visitors see them once you publish.
      </p>
      <StatusMessage>{status}</StatusMessage>
      {isLoading ? <p>Loading…</p> : null}
      {error ? <ErrorMessage>{apiErrorMessage(error, 'The site content could not be loaded.')}</ErrorMessage> : null}
      {refusal ? (
        <ProblemSummary
          ref={summary}
          message={refusal.message}
          problems={refusal.problems}
          onGo={(target, id) => {
            if (target === part) focusField(id);
            else {
              focusTarget.current = id;
              choose(target);
            }
          }}
        />
      ) : null}
      {data ? (
        <>
          <PublishPanel state={data} version={draft.knownVersion} unsaved={draft.unsaved} announce={setStatus} onRefused={setRefusal} onDiscarded={() => draft.forget(SITE_PARTS)} />
          <div className={styles.workspace}>
            <nav aria-label="Parts of the site" className={styles.parts}>
              <ul>
                {SITE_PARTS.map((each) => (
                  <li key={each}>
                    <button type="button" aria-current={each === part ? 'page' : undefined} onClick={() => choose(each)}>
                      {partLabel(each)}
                      {draft.isUnsaved(each) ? <span className={styles.mark}> (unsaved)</span> : data.changedParts.includes(each) ? <span className={styles.mark}> (draft)</span> : null}
                    </button>
                  </li>
                ))}
              </ul>
            </nav>
            <PartForm key={part} part={part} draft={draft} latestVersion={data.draftVersion} problems={problems} announce={setStatus} refresh={() => void refetch()} />
          </div>
          <PublicationsList announce={setStatus} />
        </>
      ) : null}
    </div>
  );
}

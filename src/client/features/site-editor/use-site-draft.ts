import { useState } from 'react';
import type { SiteEditorState } from '../../../shared/contract/site/api';
import { SITE_PARTS, type SitePart } from '../../../shared/contract/site/parts';
import { sameContent, withValueAt, type FieldPath } from './schema-form/schema-node';

/** One part's form: what it holds, what it held when read or last saved, and the draft version then. */
interface PartEdit {
  value: unknown;
  baseline: unknown;
  readAt: number;
}

type Edits = Partial<Record<SitePart, PartEdit>>;

const changed = (edit: PartEdit | undefined) => !!edit && !sameContent(edit.value, edit.baseline);

/**
 * The forms' content, part by part. A part the owner has not changed follows the draft as the
 * server sends it; a changed part keeps its edits and the version they were made at, so a save
 * after another tab's change is refused (409) rather than overwriting it.
 */
export function useSiteDraft(data: SiteEditorState | undefined) {
  const [edits, setEdits] = useState<Edits>({});
  const [seen, setSeen] = useState<SiteEditorState | undefined>(undefined);

  // A new answer from the server: the untouched parts take it (during render, so no stale frame shows).
  if (data && data !== seen) {
    setSeen(data);
    setEdits((current) => {
      const next: Edits = { ...current };
      for (const part of SITE_PARTS) {
        const edit = current[part];
        if (changed(edit) || (edit && edit.readAt > data.draftVersion)) continue;
        next[part] = { value: data.draft[part], baseline: data.draft[part], readAt: data.draftVersion };
      }
      return next;
    });
  }

  return {
    valueOf: (part: SitePart) => edits[part]?.value,
    readAt: (part: SitePart) => edits[part]?.readAt ?? data?.draftVersion ?? 0,
    unsaved: SITE_PARTS.filter((part) => changed(edits[part])),
    /**
     * The newest draft version this tab knows: its own last save may be newer than the state it
     * has read back so far, and publishing against the older one would be refused as stale.
     */
    knownVersion: Math.max(data?.draftVersion ?? 0, ...SITE_PARTS.map((part) => edits[part]?.readAt ?? 0)),
    isUnsaved: (part: SitePart) => changed(edits[part]),
    change: (part: SitePart, path: FieldPath, value: unknown) =>
      setEdits((current) => {
        const edit = current[part];
        return edit ? { ...current, [part]: { ...edit, value: withValueAt(edit.value, path, value) } } : current;
      }),
    /** The part as saved: the form now holds what the draft holds. */
    saved: (part: SitePart, value: unknown, version: number) => setEdits((current) => ({ ...current, [part]: { value, baseline: value, readAt: version } })),
    /** Drops these parts' forms until the server's next answer, which a write (a reset, a discard) brings. */
    forget: (parts: readonly SitePart[]) =>
      setEdits((current) => Object.fromEntries(Object.entries(current).filter(([part]) => !parts.includes(part as SitePart))) as Edits),
    /** The part as the server's latest answer has it, the owner's edits dropped ("load the latest"). */
    reload: (part: SitePart) =>
      setEdits((current) => (seen ? { ...current, [part]: { value: seen.draft[part], baseline: seen.draft[part], readAt: seen.draftVersion } } : current)),
  };
}

export type SiteDraft = ReturnType<typeof useSiteDraft>;

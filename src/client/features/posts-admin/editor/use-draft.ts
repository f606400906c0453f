import { useCallback, useEffect, useRef, useState } from 'react';
import { readDraft, removeDraft, writeDraft, type PostDraft } from '../drafts';

export interface DraftFields {
  title: string;
  body: string;
  /** None when left out. */
  tags?: readonly string[];
  /** The search and share fields; none when left out. */
  description?: string;
  imageAlt?: string;
}

const sameTags = (a: readonly string[] = [], b: readonly string[] = []) => a.length === b.length && a.every((tag, index) => tag === b[index]);
const same = (a: DraftFields, b: DraftFields) =>
  a.title === b.title && a.body === b.body && sameTags(a.tags, b.tags) && (a.description ?? '') === (b.description ?? '') && (a.imageAlt ?? '') === (b.imageAlt ?? '');

/**
 * Keeps the editor's fields in local storage while they differ from what is stored, and offers
 * a draft found there when the editor opens (after a session ended or the browser crashed).
 * The offer is held in memory, so typing before answering it does not lose it.
 */
export function useDraft(key: string, fields: DraftFields, stored: DraftFields) {
  const [offer, setOffer] = useState<PostDraft | null>(() => {
    const draft = readDraft(key);
    // A draft kept before posts had tags says nothing about them: the post's own stand.
    return draft && !same({ ...stored, ...draft, tags: draft.tags ?? stored.tags }, stored) ? draft : null;
  });
  const finished = useRef(false);
  const dirty = !same(fields, stored);

  useEffect(() => {
    if (finished.current) return;
    if (dirty) writeDraft(key, { title: fields.title, body: fields.body, tags: [...(fields.tags ?? [])], description: fields.description ?? '', imageAlt: fields.imageAlt ?? '', savedAt: Date.now() });
    else if (!offer) removeDraft(key);
  }, [key, fields.title, fields.body, fields.tags, fields.description, fields.imageAlt, dirty, offer]);

  const dismissOffer = useCallback(() => {
    setOffer(null);
  }, []);

  /** The post went out: the draft has served its purpose. */
  const finish = useCallback(() => {
    finished.current = true;
    removeDraft(key);
  }, [key]);

  const discard = useCallback(() => {
    removeDraft(key);
    setOffer(null);
  }, [key]);

  return { offer, dirty, dismissOffer, discard, finish };
}

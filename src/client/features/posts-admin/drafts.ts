import { openLocalStore } from '../../lib/local-storage';

/** A post being written, kept on this device so that an ended session or a crash loses nothing. */
export interface PostDraft {
  title: string;
  body: string;
  /** Left out by drafts kept before posts had tags. */
  tags?: string[];
  /** Left out by drafts kept before posts had search and share fields. */
  description?: string;
  imageAlt?: string;
  savedAt: number;
}

const PREFIX = 'post-draft:';

/** `new` for the post being created, the post's id for one being edited. */
export function draftKey(postId: string | null): string {
  return `${PREFIX}${postId === null ? 'new' : `edit:${postId}`}`;
}

// A full or forbidden storage only costs the safety net; the form itself keeps working, so its
// failures are not reported.

export function readDraft(key: string): PostDraft | null {
  const raw = openLocalStore().read(key);
  if (!raw) return null;
  try {
    const draft = JSON.parse(raw) as Partial<PostDraft>;
    if (typeof draft.title !== 'string' || typeof draft.body !== 'string') return null;
    const kept = { title: draft.title, body: draft.body, savedAt: typeof draft.savedAt === 'number' ? draft.savedAt : 0 };
    const shareFields = {
      ...(typeof draft.description === 'string' ? { description: draft.description } : {}),
      ...(typeof draft.imageAlt === 'string' ? { imageAlt: draft.imageAlt } : {}),
    };
    return Array.isArray(draft.tags)
      ? { ...kept, ...shareFields, tags: draft.tags.filter((tag): tag is string => typeof tag === 'string') }
      : { ...kept, ...shareFields };
  } catch {
    return null;
  }
}

export function writeDraft(key: string, draft: PostDraft): void {
  openLocalStore().write(key, JSON.stringify(draft));
}

export function removeDraft(key: string): void {
  openLocalStore().remove(key);
}

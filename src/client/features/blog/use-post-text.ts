import { useEffect, useMemo, useState } from 'react';
import type { PostCard } from '../../../shared/api-types';

type TextModule = typeof import('../../../shared/text/summary');

export interface PostText {
  /** The card's first 40 words and '...'. */
  summary: string;
  /** The meta description. */
  excerpt: string;
}

let textModule: TextModule | undefined;

/**
 * A post's card summary and description. This site's server sends them with the post; for a
 * server that does not, they are derived here, with the markdown parser loaded only then, so it
 * never weighs on a first visit.
 */
export function usePostText(post: PostCard): PostText {
  const sent = post.summary !== undefined && post.excerpt !== undefined;
  const [derive, setDerive] = useState<TextModule | undefined>(textModule);
  useEffect(() => {
    if (sent || derive) return;
    let live = true;
    void import(/* webpackChunkName: "post-text" */ '../../../shared/text/summary').then((module) => {
      textModule = module;
      if (live) setDerive(module);
    });
    return () => {
      live = false;
    };
  }, [sent, derive]);
  // Both from one parse of the content, once per content.
  const derived = useMemo(() => {
    if (sent || !derive) return undefined;
    const words = derive.contentWords(post.content ?? '');
    return { summary: derive.summaryOf(words), excerpt: derive.descriptionOf(words) };
  }, [sent, derive, post.content]);
  if (sent) return { summary: post.summary!, excerpt: post.excerpt! };
  return derived ?? { summary: '', excerpt: '' };
}

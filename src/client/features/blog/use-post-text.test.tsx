import { renderHook, waitFor } from '@testing-library/react';
import type { PostCard } from '../../../shared/api-types';
import { usePostText } from './use-post-text';

const card = (fields: Partial<PostCard & { content: string }>): PostCard => ({
  _id: 'p1', title: 'T', slug: 't', createdAt: '2026-01-01T00:00:00.000Z', updatedAt: '2026-01-01T00:00:00.000Z', status: 'published', publishedAt: '2026-01-01T00:00:00.000Z', tags: [], ...fields,
});

describe('usePostText', () => {
  it('shows what this site\'s server sent', () => {
    const { result } = renderHook(() => usePostText(card({ summary: 'Sent...', excerpt: 'Sent' })));
    expect(result.current).toEqual({ summary: 'Sent...', excerpt: 'Sent' });
  });

  it('derives both from the markdown of a server that sends neither, once its parser has loaded', async () => {
    const { result } = renderHook(() => usePostText(card({ content: '## Fast *sites*\n\nWin `code` customers.' })));
    await waitFor(() => expect(result.current.summary).not.toBe(''));
    expect(result.current).toEqual({ summary: 'Fast sites Win code customers....', excerpt: 'Fast sites Win code customers.' });
  });
});

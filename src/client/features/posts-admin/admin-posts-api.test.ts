import type { Post } from '../../../shared/api-types';
import { withContent } from './admin-posts-api';

const post = (i: number): Post => ({ _id: `id${i}`, title: `T${i}`, content: `C${i}`, slug: `s${i}`, imageUrl: null, createdAt: '', updatedAt: '', status: 'published', publishedAt: '', tags: [] });

describe('withContent', () => {
  const { content, ...stored } = post(1);

  it('keeps a post that carries its markdown as content', () => {
    expect(withContent({ ...stored, content })).toEqual(post(1));
  });

  it('takes the markdown from `body`, as a server of the original contract names it', () => {
    expect(withContent({ ...stored, body: content })).toEqual(post(1));
    expect(withContent({ ...stored, content: null, body: content })).toEqual(post(1));
  });

  it('gives a post with neither an empty text', () => {
    expect(withContent(stored).content).toBe('');
  });
});

import { useId, useState, type FormEvent } from 'react';
import type { Post } from '../../../../shared/api-types';
import { paths } from '../../../../shared/paths';
import forms from '../../../components/forms/form.module.css';
import { ErrorMessage, StatusMessage } from '../../../components/forms/form-messages';
import fieldGroup from '../field-group.module.css';
import buttons from '../../../components/ui/buttons.module.css';
import { apiErrorMessage } from '../../../lib/api/api-error';
import { useUpdatePostMutation } from '../admin-posts-api';

/**
 * The post's address, changed on its own (title and text are sent as stored, so the editor's
 * unsaved changes stay its own): the server keeps the old address redirecting to the new one.
 */
export function SlugField({ post }: { post: Post }) {
  const id = useId();
  const [slug, setSlug] = useState(post.slug);
  const [done, setDone] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [updatePost, updating] = useUpdatePostMutation();
  const seen = post.publishedAt !== null;

  const change = async (event: FormEvent) => {
    event.preventDefault();
    setDone(null);
    setFailure(null);
    try {
      const moved = await updatePost({ id: post._id, title: post.title, body: post.content, slug }).unwrap();
      setDone(`The post is now at ${paths.blogPost(moved.slug)}${seen ? `; ${paths.blogPost(post.slug)} redirects there.` : '.'}`);
    } catch (error) {
      setFailure(apiErrorMessage(error, 'The address could not be changed.'));
    }
  };

  return (
    <form onSubmit={(event) => void change(event)}>
      <fieldset className={fieldGroup.group} disabled={updating.isLoading}>
        <legend>Address</legend>
        <div className={forms.field}>
          <label htmlFor={`${id}-slug`}>Address of the post</label>
          <input
            id={`${id}-slug`}
            name="slug"
            required
            maxLength={80}
            pattern="[a-z0-9]+(-[a-z0-9]+)*"
            value={slug}
            aria-describedby={`${id}-slug-hint`}
            onChange={(event) => setSlug(event.target.value.toLowerCase())}
          />
          <p id={`${id}-slug-hint`} className={forms.hint}>
            /blog/{slug || '…'}: lower-case letters, digits and hyphens.{seen ? ' Links to the old address keep working: it redirects to the new one.' : ''}
          </p>
        </div>
        <StatusMessage>{done}</StatusMessage>
        <ErrorMessage>{failure}</ErrorMessage>
        <div className={buttons.actions}>
          <button type="submit" className={buttons.secondary} disabled={updating.isLoading || slug === post.slug}>
            Change address
          </button>
        </div>
      </fieldset>
    </form>
  );
}

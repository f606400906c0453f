import type { Post } from '../../../../shared/api-types';
import { useMemo } from 'react';
import { Link, useNavigate, useParams } from 'react-router-dom';
import { useSessionToken } from '../../admin-shell';
import { useGetPostByIdQuery, useUpdatePostMutation, type PostDraftPayload } from '../admin-posts-api';
import { apiErrorMessage } from '../../../lib/api/api-error';
import { draftKey } from '../drafts';
import { EditorPage } from './editor-page';
import { ErrorMessage } from '../../../components/forms/form-messages';
import { HistoryPanel } from './history-panel';
import { PostEditor } from './post-editor';
import { SlugField } from '../slug-field/slug-field';
import { PublicationStatus } from '../publication-status';
import { statusOf } from '../publication';
import buttons from '../../../components/ui/buttons.module.css';
import styles from './edit-post-page.module.css';
import { paths } from '../../../../shared/paths';
import { NewsletterPanel } from '../../subscribers-admin';

export default function EditPostPage() {
  return (
    <EditorPage title="Edit post" description="Edit a blog post.">
      <EditPost />
    </EditorPage>
  );
}

function EditPost() {
  const { id = '' } = useParams();
  const token = useSessionToken();
  const { data: post, isError, isLoading } = useGetPostByIdQuery(id, { skip: !token, refetchOnMountOrArgChange: true });
  // Nothing of the form shows while loading (docs/product.md#editor).
  if (isLoading) return null;
  if (isError || !post) return <ErrorMessage>Failed to load post.</ErrorMessage>;
  return (
    <>
      <div className={styles.editorStatus}>
        <p className={styles.postMeta}>
          Status: <PublicationStatus post={post} />
        </p>
        <Link to={paths.adminPreview(post._id)} className={buttons.secondary}>
          Preview
        </Link>
      </div>
      {/* Keyed by post and version: another post, or a version restored from the history, starts a fresh editor. */}
      <PostForm key={`${post._id} ${post.updatedAt}`} id={id} post={post} />
      <SlugField key={`slug ${post._id}`} post={post} />
      <NewsletterPanel postId={id} status={statusOf(post)} />
      <HistoryPanel postId={id} current={{ title: post.title ?? '', body: post.content }} draftKey={draftKey(id)} />
    </>
  );
}

function PostForm({ id, post }: { id: string; post: Post }) {
  const navigate = useNavigate();
  const [updatePost] = useUpdatePostMutation();
  // A server that predates tags sends none.
  const stored = useMemo(
    () => ({ title: post.title ?? '', body: post.content, tags: post.tags ?? [], description: post.description ?? '', imageAlt: post.imageAlt ?? '' }),
    [post],
  );

  async function update(payload: PostDraftPayload) {
    try {
      await updatePost({ id, ...payload }).unwrap();
    } catch (failure) {
      throw new Error(apiErrorMessage(failure, 'Failed to update post'));
    }
    void navigate(paths.adminDashboard);
  }

  return (
    <PostEditor
      draftKey={draftKey(id)}
      stored={stored}
      currentImageUrl={post.imageUrl}
      slug={post.slug}
      submitLabel="Update Post"
      status={statusOf(post)}
      publishedAt={post.publishedAt}
      onSubmit={update}
    />
  );
}

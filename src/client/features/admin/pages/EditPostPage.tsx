import { useMemo } from 'react';
import { useNavigate, useParams } from 'react-router';
import { useAppSelector } from '../../../app/hooks';
import { DASHBOARD_PATH } from '../../session/sessionMachine';
import { selectToken } from '../../session/sessionSlice';
import { useGetPostByIdQuery, useUpdatePostMutation, type EditablePost, type PostDraftPayload } from '../adminPostsApi';
import { apiErrorMessage } from '../api-error';
import { draftKey } from '../drafts';
import { EditorPage } from '../components/EditorPage';
import { ErrorMessage } from '../components/FormMessages';
import { PostEditor } from '../components/PostEditor';
import { RequireSession } from '../components/RequireSession';

export default function EditPostPage() {
  return (
    <RequireSession>
      <EditorPage title="Edit post" description="Edit a blog post.">
        <EditPost />
      </EditorPage>
    </RequireSession>
  );
}

function EditPost() {
  const { id = '' } = useParams();
  const token = useAppSelector(selectToken);
  const { data: post, isError, isLoading } = useGetPostByIdQuery(id, { skip: !token, refetchOnMountOrArgChange: true });
  // Spec 2: nothing is shown while loading.
  if (isLoading) return null;
  if (isError || !post) return <ErrorMessage>Failed to load post.</ErrorMessage>;
  // Keyed by post, so opening another post starts a fresh editor.
  return <PostForm key={post._id} id={id} post={post} />;
}

function PostForm({ id, post }: { id: string; post: EditablePost }) {
  const navigate = useNavigate();
  const [updatePost] = useUpdatePostMutation();
  // Spec 3: an older server answers `body` where ours answers `content`.
  const published = useMemo(() => ({ title: post.title ?? '', body: post.content ?? post.body ?? '' }), [post]);

  async function update(payload: PostDraftPayload) {
    try {
      await updatePost({ id, ...payload }).unwrap();
    } catch (failure) {
      throw new Error(apiErrorMessage(failure, 'Failed to update post'));
    }
    void navigate(DASHBOARD_PATH);
  }

  return <PostEditor draftKey={draftKey(id)} published={published} currentImageUrl={post.imageUrl} submitLabel="Update Post" onSubmit={update} />;
}

import { useNavigate } from 'react-router-dom';
import { useCreatePostMutation, type PostDraftPayload } from '../admin-posts-api';
import { apiErrorMessage } from '../../../lib/api/api-error';
import { draftKey } from '../drafts';
import { EditorPage } from './editor-page';
import { PostEditor } from './post-editor';
import { paths } from '../../../../shared/paths';

const empty = { title: '', body: '' };

export default function CreatePostPage() {
  return (
    <EditorPage title="Create post" description="Write a new blog post.">
      <CreatePost />
    </EditorPage>
  );
}

function CreatePost() {
  const navigate = useNavigate();
  const [createPost] = useCreatePostMutation();

  async function publish(payload: PostDraftPayload) {
    try {
      await createPost(payload).unwrap();
    } catch (failure) {
      throw new Error(apiErrorMessage(failure, 'Failed to create post'));
    }
    void navigate(paths.adminDashboard);
  }

  return <PostEditor draftKey={draftKey(null)} stored={empty} submitLabel="Publish Post" onSubmit={publish} />;
}

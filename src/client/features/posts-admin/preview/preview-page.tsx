import { Link, useParams } from 'react-router-dom';
import type { Post } from '../../../../shared/api-types';
import { Seo } from '../../../components/seo/seo';
import { PostArticle } from '../../blog';
import { useSessionToken } from '../../admin-shell';
import { useGetPostByIdQuery } from '../admin-posts-api';
import { ErrorMessage } from '../../../components/forms/form-messages';
import { usePageHeading } from '../../../components/page-frame/use-page-heading';
import { publicationPhrase } from '../publication';
import buttons from '../../../components/ui/buttons.module.css';
import frame from '../../../components/page-frame/page-frame.module.css';
import styles from '../../../components/page-frame/preview-bar.module.css';
import { paths } from '../../../../shared/paths';

export default function PreviewPage() {
  return <Preview />;
}

/**
 * Any post, whatever its status, drawn exactly as its public page will draw it, under a bar that
 * says where it stands and leads back. Never indexed: a draft's words must not reach a search engine.
 */
function Preview() {
  const { id = '' } = useParams();
  const token = useSessionToken();
  // Read afresh: the preview follows from an edit, and a scheduled post may have gone out since.
  const { data, isError } = useGetPostByIdQuery(id, { skip: !token, refetchOnMountOrArgChange: true });
  if (isError) {
    return (
      <div className={`container ${frame.page}`}>
        <Seo title="Preview" description="A preview of a blog post." noindex />
        <ErrorMessage>Failed to load post.</ErrorMessage>
        <Link to={paths.adminDashboard}>Back to the dashboard</Link>
      </div>
    );
  }
  if (!data) {
    return (
      <div className={`container ${frame.page}`}>
        <Seo title="Preview" description="A preview of a blog post." noindex />
        <p role="status">Loading...</p>
      </div>
    );
  }
  return <PreviewView post={data} />;
}

function PreviewView({ post }: { post: Post }) {
  // The bar takes focus as the page opens from a link, so a screen reader starts from what this page is.
  const bar = usePageHeading<HTMLElement>();
  return (
    <>
      <section ref={bar} tabIndex={-1} className={styles.bar} aria-label="Preview">
        <div className={`container ${styles.inner}`}>
          <p className={styles.text}>Preview — this post is {publicationPhrase(post)}</p>
          <div className={buttons.actions}>
            <Link to={paths.adminEdit(post._id)} className={buttons.secondary}>
              Back to the editor
            </Link>
            <Link to={paths.adminDashboard} className={buttons.secondary}>
              Dashboard
            </Link>
          </div>
        </div>
      </section>
      <PostArticle post={post}>
        <Seo title={`Preview: ${post.title}`} description="A preview of a blog post, as visitors will see it." noindex />
      </PostArticle>
    </>
  );
}

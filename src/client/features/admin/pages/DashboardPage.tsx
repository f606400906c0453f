import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from 'react-router';
import type { Post } from '../../../../shared/api-types';
import { Seo } from '../../../components/seo/Seo';
import { useAppSelector } from '../../../app/hooks';
import { pagerReducer, pagerView, requestedPage } from '../../blog/pager';
import { useGetPostsPageQuery } from '../../posts/postsApi';
import { useSessionActor } from '../../session/SessionContext';
import { selectSession } from '../../session/sessionSlice';
import { useDeletePostMutation } from '../adminPostsApi';
import { RequireSession } from '../components/RequireSession';
import { ErrorMessage, StatusMessage } from '../components/FormMessages';
import { usePageHeading } from '../hooks/usePageHeading';
import styles from '../admin.module.css';

export const DASHBOARD_PAGE_SIZE = 10;

const dateFormat = new Intl.DateTimeFormat('en-US', { year: 'numeric', month: 'long', day: 'numeric' });

export default function DashboardPage() {
  return (
    <RequireSession>
      <Dashboard />
    </RequireSession>
  );
}

/** The administrator's desk (spec 2): greeting, new post, sign-out, and the posts a page at a time. */
function Dashboard() {
  const { token, user } = useAppSelector(selectSession);
  const session = useSessionActor();
  const heading = usePageHeading();
  const listHeading = useRef<HTMLHeadingElement>(null);
  const [searchParams, setSearchParams] = useSearchParams();
  const page = requestedPage(searchParams.get('page'));
  // Spec 6: no token, no fetch.
  const { data, isLoading, isError, isFetching } = useGetPostsPageQuery({ page, limit: DASHBOARD_PAGE_SIZE }, { skip: !token });
  const [deletePost] = useDeletePostMutation();
  const [deleting, setDeleting] = useState<string | null>(null);
  const [announcement, setAnnouncement] = useState<string | null>(null);

  // The blog's pager reducer: the same moves, and a page past the end (after deleting the last
  // post of the last page, say) becomes the nearest page that exists.
  const pager = data ? pagerReducer({ page, pageCount: page }, { type: 'total', total: data.total, pageSize: DASHBOARD_PAGE_SIZE }) : null;
  const view = pager ? pagerView(pager) : null;
  const nearest = pager?.page ?? page;
  useEffect(() => {
    if (nearest !== page) setSearchParams(nearest > 1 ? { page: String(nearest) } : {}, { replace: true });
  }, [nearest, page, setSearchParams]);

  const move = (action: { type: 'next' } | { type: 'previous' }) => {
    if (!pager) return;
    const target = pagerReducer(pager, action).page;
    setSearchParams(target > 1 ? { page: String(target) } : {});
    listHeading.current?.focus();
  };

  async function remove(post: Post) {
    if (!window.confirm('Are you sure you want to delete this post?')) return;
    setDeleting(post._id);
    setAnnouncement(null);
    try {
      await deletePost(post._id).unwrap();
      setAnnouncement(`“${post.title}” was deleted.`);
      // The button that had focus is gone; the list's heading takes it.
      listHeading.current?.focus();
    } catch {
      window.alert('An error occurred while deleting the post.');
    } finally {
      setDeleting(null);
    }
  }

  const failed = !token || isError;
  return (
    <div className={`container ${styles.dashboard}`}>
      <Seo title="Dashboard" description="Manage blog posts." noindex />
      <header className={styles.dashboardHeader}>
        <h1 ref={heading} tabIndex={-1}>
          Dashboard
        </h1>
        <p className={styles.welcome}>Welcome, {user?.email}</p>
        <div className={styles.actions}>
          <Link to="/admin/new" className={styles.primary}>
            Create Blog Post
          </Link>
          <button type="button" className={styles.secondary} onClick={() => session.send({ type: 'LOGOUT' })}>
            Log Out
          </button>
        </div>
      </header>

      <section aria-labelledby="posts-heading" aria-busy={isFetching}>
        <h2 id="posts-heading" ref={listHeading} tabIndex={-1}>
          Posts
        </h2>
        <StatusMessage>{announcement}</StatusMessage>
        {failed ? (
          <ErrorMessage>Failed to load posts.</ErrorMessage>
        ) : isLoading || !data ? (
          <p role="status">Loading...</p>
        ) : data.posts.length === 0 ? (
          <p>No posts yet. Create the first one.</p>
        ) : (
          <ul className={styles.postList}>
            {data.posts.map((post) => (
              <li key={post._id} className={styles.postItem}>
                <div className={styles.postSummary}>
                  <h3 className={styles.postTitle}>{post.title}</h3>
                  <p className={styles.postMeta}>
                    Created: <time dateTime={post.createdAt}>{dateFormat.format(new Date(post.createdAt))}</time>
                  </p>
                </div>
                <div className={styles.postActions}>
                  <Link to={`/admin/edit/${encodeURIComponent(post._id)}`} className={styles.secondary}>
                    Edit<span className="visually-hidden"> “{post.title}”</span>
                  </Link>
                  <button type="button" className={styles.danger} onClick={() => void remove(post)} disabled={deleting === post._id}>
                    Delete<span className="visually-hidden"> “{post.title}”</span>
                  </button>
                </div>
              </li>
            ))}
          </ul>
        )}
        {view?.visible ? (
          <nav className={styles.pager} aria-label="Posts pages">
            <button type="button" className={styles.secondary} onClick={() => move({ type: 'previous' })} disabled={!view.canGoBack}>
              Previous
            </button>
            <span>{view.label}</span>
            <button type="button" className={styles.secondary} onClick={() => move({ type: 'next' })} disabled={!view.canGoForward}>
              Next
            </button>
          </nav>
        ) : null}
      </section>
    </div>
  );
}

import { useRef, useState } from 'react';
import { Link, useNavigate, useSearchParams } from 'react-router-dom';
import type { Post, PostCounts, PostStatus } from '../../../../shared/api-types';
import { MAX_SEARCH_LENGTH } from '../../../../shared/constants';
import { Seo } from '../../../components/seo/seo';
import { Pager, useAddressPager, useRequestedPage } from '../../blog';
import { useSessionActor } from '../../session';
import { useSession } from '../../admin-shell';
import { useDeletePostMutation, useGetAdminPostsPageQuery, useGetPostCountsQuery } from '../admin-posts-api';
import { apiErrorMessage } from '../../../lib/api/api-error';
import { ErrorMessage, StatusMessage } from '../../../components/forms/form-messages';
import { PublicationStatus } from '../publication-status';
import { usePageHeading } from '../../../components/page-frame/use-page-heading';
import { DueLeads, UnreadCount } from '../../inbox';
import { WeekSummary } from '../../insights-report';
import { PostSendProgress } from '../../subscribers-admin';
import { dayFormat, statusFilterOf } from '../publication';
import buttons from '../../../components/ui/buttons.module.css';
import frame from '../../../components/page-frame/page-frame.module.css';
import styles from './dashboard-page.module.css';
import { paths } from '../../../../shared/paths';

const DASHBOARD_PAGE_SIZE = 10;
/** The dashboard's pager in the `pagers` slice, beside the blog's own. */
const DASHBOARD_PAGER = 'dashboard';

/** The filters, each with the word it goes by and what an empty list under it says. */
const FILTERS: ReadonlyArray<{ status: PostStatus | undefined; label: string; empty: string }> = [
  { status: undefined, label: 'All', empty: 'No posts yet. Create the first one.' },
  { status: 'draft', label: 'Drafts', empty: 'No drafts.' },
  { status: 'scheduled', label: 'Scheduled', empty: 'No scheduled posts.' },
  { status: 'published', label: 'Published', empty: 'No published posts.' },
];

export default function DashboardPage() {
  return <Dashboard />;
}

/** The address of a filter: its `?status=`, from the first page, other parameters kept. */
function searchForFilter(search: URLSearchParams, status: PostStatus | undefined): string {
  const next = new URLSearchParams(search);
  next.delete('page');
  if (status) next.set('status', status);
  else next.delete('status');
  const text = next.toString();
  return text ? `?${text}` : '';
}

/**
 * The administrator's desk (docs/product.md#dashboard): greeting, new post, sign-out, and the
 * posts a page at a time, every status or one of them.
 */
function Dashboard() {
  const { token, user } = useSession();
  const sessionActor = useSessionActor();
  const heading = usePageHeading();
  const listHeading = useRef<HTMLHeadingElement>(null);
  const [searchParams] = useSearchParams();
  const status = statusFilterOf(searchParams.get('status'));
  const q = (searchParams.get('q') ?? '').trim();
  const [announcement, setAnnouncement] = useState<string | null>(null);

  return (
    <div className={`container ${frame.page}`}>
      <Seo title="Dashboard" description="Manage blog posts." noindex />
      <header className={styles.dashboardHeader}>
        <h1 ref={heading} tabIndex={-1}>
          Dashboard
        </h1>
        <p className={styles.welcome}>Welcome, {user?.email}</p>
        <UnreadCount />
        <DueLeads />
        <WeekSummary />
        <div className={buttons.actions}>
          <Link to={paths.adminNew} className={buttons.primary}>
            Create Blog Post
          </Link>
          <button type="button" className={buttons.secondary} onClick={() => sessionActor.send({ type: 'LOGOUT' })}>
            Log Out
          </button>
        </div>
      </header>

      <section aria-labelledby="posts-heading">
        <h2 id="posts-heading" ref={listHeading} tabIndex={-1}>
          Posts
        </h2>
        <SearchForm key={q} query={q} search={searchParams} />
        <StatusFilter current={status} search={searchParams} skip={!token} />
        <StatusMessage>{announcement}</StatusMessage>
        {/* Keyed by the filter: another filter is another list, whose pager must not start from
            this one's page count (it would pull an address that is in range back to page 1). */}
        <PostList
          key={`${status ?? 'all'} ${q}`}
          status={status}
          q={q}
          skip={!token}
          focusList={() => listHeading.current?.focus()}
          onDeleting={() => setAnnouncement(null)}
          onDeleted={(post) => {
            setAnnouncement(`“${post.title}” was deleted.`);
            // The button that had focus is gone; the list's heading takes it.
            listHeading.current?.focus();
          }}
        />
      </section>
    </div>
  );
}

/**
 * Finds posts by words of their title or text, whatever their status. The address holds the
 * query, like the page and the filter, so a search can be reloaded and shared; a new search
 * starts on its first page.
 */
function SearchForm({ query, search }: { query: string; search: URLSearchParams }) {
  const navigate = useNavigate();
  const [text, setText] = useState(query);
  const go = (value: string) => {
    const next = new URLSearchParams(search);
    next.delete('page');
    if (value.trim()) next.set('q', value.trim());
    else next.delete('q');
    const params = next.toString();
    void navigate({ search: params ? `?${params}` : '' });
  };
  return (
    <form
      role="search"
      className={styles.search}
      onSubmit={(event) => {
        event.preventDefault();
        // After the event: a navigation started inside a prevented submit makes React treat the
        // form as a pending form action, which it does not need to be.
        void Promise.resolve().then(() => go(text));
      }}
    >
      <label htmlFor="post-search">Search posts</label>
      <input id="post-search" type="search" name="q" maxLength={MAX_SEARCH_LENGTH} value={text} onChange={(event) => setText(event.target.value)} />
      <button type="submit" className={buttons.secondary}>
        Search
      </button>
      {query ? (
        <button
          type="button"
          className={buttons.secondary}
          onClick={() => {
            setText('');
            go('');
          }}
        >
          Clear search
        </button>
      ) : null}
    </form>
  );
}

/** All, Drafts, Scheduled, Published, each with its count: links, so the address keeps the filter. */
function StatusFilter({ current, search, skip }: { current: PostStatus | undefined; search: URLSearchParams; skip: boolean }) {
  const { data: counts } = useGetPostCountsQuery(undefined, { skip, refetchOnMountOrArgChange: true });
  return (
    // Links side by side rather than a list: the posts are the page's list items.
    <nav aria-label="Filter posts by status" className={styles.filter}>
      {FILTERS.map(({ status, label }) => {
        const count = countOf(counts, status);
        return (
          <Link
            key={label}
            to={{ search: searchForFilter(search, status) }}
            className={styles.filterLink}
            aria-current={status === current ? 'page' : undefined}
          >
            {label}
            {count === undefined ? null : <span className={styles.count}> ({count})</span>}
          </Link>
        );
      })}
    </nav>
  );
}

/** A count when the server sent one: an answer of another shape shows the filter without numbers. */
function countOf(counts: PostCounts | undefined, status: PostStatus | undefined): number | undefined {
  const value: unknown = counts?.[status ?? 'total'];
  return typeof value === 'number' ? value : undefined;
}

interface PostListProps {
  status: PostStatus | undefined;
  q: string;
  /** No token, no fetch (docs/product.md#dashboard). */
  skip: boolean;
  /** Moves focus to the list's heading, as a new page of it shows. */
  focusList: () => void;
  onDeleting: () => void;
  onDeleted: (post: Post) => void;
}

function PostList({ status, q, skip, focusList, onDeleting, onDeleted }: PostListProps) {
  const page = useRequestedPage();
  // The owner's list, every status, always read afresh: a scheduled post may have gone out since.
  const { data, error, isLoading, isError, isFetching } = useGetAdminPostsPageQuery(
    { page, limit: DASHBOARD_PAGE_SIZE, ...(status ? { status } : {}), ...(q ? { q } : {}) },
    { skip, refetchOnMountOrArgChange: true },
  );
  const [deletePost] = useDeletePostMutation();
  const [deleting, setDeleting] = useState<string | null>(null);

  // The blog's pager, keyed apart: the address holds the page, and a page past the end (after
  // deleting the last post of the last page, say) becomes the nearest page that exists.
  const { pager, goTo } = useAddressPager(DASHBOARD_PAGER, DASHBOARD_PAGE_SIZE, data?.total);
  const showPage = (target: number) => {
    goTo(target);
    focusList();
  };

  async function remove(post: Post) {
    if (!window.confirm('Are you sure you want to delete this post?')) return;
    setDeleting(post._id);
    onDeleting();
    try {
      await deletePost(post._id).unwrap();
      onDeleted(post);
    } catch {
      window.alert('An error occurred while deleting the post.');
    } finally {
      setDeleting(null);
    }
  }

  const empty = q ? `No posts match "${q}".` : FILTERS.find((filter) => filter.status === status)!.empty;
  // A search the server refuses (too long) says why; any other failure is the fixed message.
  const refused = q && error && 'status' in error && error.status === 400;
  return (
    <div aria-busy={isFetching}>
      {skip || isError ? (
        <ErrorMessage>{refused ? apiErrorMessage(error, 'Failed to load posts.') : 'Failed to load posts.'}</ErrorMessage>
      ) : isLoading || !data ? (
        <p role="status">Loading...</p>
      ) : data.posts.length === 0 ? (
        <p>{empty}</p>
      ) : (
        <ul className={styles.postList}>
          {data.posts.map((post) => (
            <li key={post._id} className={styles.postItem}>
              <div className={styles.postSummary}>
                <h3 className={styles.postTitle}>{post.title}</h3>
                <p className={styles.postMeta}>
                  Created: <time dateTime={post.createdAt}>{dayFormat.format(new Date(post.createdAt))}</time>
                </p>
                <p className={styles.postMeta}>
                  <PublicationStatus post={post} />
                </p>
                <PostSendProgress postId={post._id} className={styles.postMeta} />
              </div>
              <div className={styles.postActions}>
                <Link to={paths.adminEdit(post._id)} className={buttons.secondary}>
                  Edit<span className="visually-hidden"> “{post.title}”</span>
                </Link>
                <Link to={paths.adminPreview(post._id)} className={buttons.secondary}>
                  Preview<span className="visually-hidden"> “{post.title}”</span>
                </Link>
                <button type="button" className={buttons.danger} onClick={() => void remove(post)} disabled={deleting === post._id}>
                  Delete<span className="visually-hidden"> “{post.title}”</span>
                </button>
              </div>
            </li>
          ))}
        </ul>
      )}
      {data ? <Pager page={pager.page} pageCount={pager.pageCount} onPage={showPage} label="Posts pages" /> : null}
    </div>
  );
}

import { Link, useParams } from 'react-router-dom';
import { paths } from '../../../shared/paths';
import type { TagSummary } from '../../../shared/api-types';
import type { PrefetchContext, PrefetchResult } from '../../lib/page-module';
import { useRuntimeConfig } from '../../lib/runtime-config';
import { JsonLd } from '../../components/seo/json-ld';
import { Seo } from '../../components/seo/seo';
import { breadcrumbsFor } from '../../components/seo/breadcrumbs';
import { NotFoundPage } from '../not-found';
import { postsApi, useGetTagQuery } from '../posts';
import { blogCopy } from './blog-copy';
import { Pager } from './pager';
import { requestedPage } from './page-numbers';
import { PostCardList } from './post-card-list';
import { prefetchBlogPage, useBlogPage, type BlogListOf } from './use-blog-page';
import styles from './blog-list-page.module.css';
import { useSiteSettings } from '../../lib/site-content/site-content-api';

/** A tag's list in the `pagers` slice; the page is keyed by tag, so each tag starts afresh. */
const TAG_PAGER = 'tag';

const listOf = (slug: string): BlogListOf => ({ key: TAG_PAGER, tag: slug });

/**
 * The server renders the tag's page of posts; an unknown tag answers 404, a failing API 503.
 * @public Called by the server through the route table's lazily loaded PageModule.
 */
export async function prefetch({ store, params, searchParams }: PrefetchContext): Promise<PrefetchResult | void> {
  const slug = params.slug ?? '';
  const [tag] = await Promise.all([
    store.dispatch(postsApi.endpoints.getTag.initiate(slug, { subscribe: false })),
    prefetchBlogPage(store, requestedPage(searchParams.get('page')), listOf(slug)),
  ]);
  if (tag.error) {
    const status = 'status' in tag.error ? tag.error.status : undefined;
    return { status: status === 404 ? 404 : 503 };
  }
}

export default function TagPage() {
  const { slug = '' } = useParams();
  return <TagPosts key={slug} slug={slug} />;
}

function TagPosts({ slug }: { slug: string }) {
  const { currentData: tag, error } = useGetTagQuery(slug);
  const { pager, goTo, posts, failed } = useBlogPage(listOf(slug));

  if (!tag && error !== undefined) {
    if ('status' in error && error.status === 404) return <NotFoundPage />;
    return (
      <div className={`container ${styles.page}`}>
        <Seo title="Blog" description={blogCopy.listFailed} noindex />
        <p role="alert" className={styles.error}>
          {blogCopy.listFailed}
        </p>
      </div>
    );
  }
  return (
    <div className={`container ${styles.page}`}>
      {tag ? <TagHead tag={tag} page={pager.page} /> : <Seo title="Blog" description={blogCopy.loading} />}
      <header className={styles.header}>
        <h1>{tag ? `Posts tagged “${tag.name}”` : blogCopy.loading}</h1>
        <p className={styles.subtitle}>
          <Link to={paths.blog}>{blogCopy.backToBlog}</Link>
        </p>
      </header>
      <PostCardList posts={posts} failed={failed} emptyText={blogCopy.empty} />
      {failed ? null : <Pager page={pager.page} pageCount={pager.pageCount} onPage={goTo} label={tag ? `Pages of posts tagged ${tag.name}` : undefined} />}
    </div>
  );
}

/** The tag's title, description, canonical address (its page beyond the first), share tags and feed. */
function TagHead({ tag, page }: { tag: TagSummary; page: number }) {
  const site = useSiteSettings();
  const { siteUrl } = useRuntimeConfig();
  const path = paths.blogTag(tag.slug);
  const posts = tag.count === 1 ? 'One post' : `${tag.count} posts`;
  return (
    <>
      <Seo
        title={page > 1 ? `${tag.name}, page ${page} | Blog` : `${tag.name} | Blog`}
        description={`${posts} tagged “${tag.name}” on the ${site.name} blog: ${blogCopy.subtitle.toLowerCase()}`}
        path={paths.blogTagPage(tag.slug, page)}
      />
      <link rel="alternate" type="application/rss+xml" title={`${site.name} blog: ${tag.name}`} href={paths.blogTagFeed(tag.slug)} />
      <JsonLd data={breadcrumbsFor(siteUrl, [{ name: 'Blog', path: paths.blog }, { name: tag.name, path }])} />
    </>
  );
}

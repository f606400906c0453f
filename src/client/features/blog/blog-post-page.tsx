import { useEffect } from 'react';
import { Link, useParams } from 'react-router-dom';
import { paths } from '../../../shared/paths';
import type { Post } from '../../../shared/api-types';
import type { PrefetchContext, PrefetchResult } from '../../lib/page-module';
import { useRuntimeConfig } from '../../lib/runtime-config';
import { useSiteSettings } from '../../lib/site-content/site-content-api';
import { JsonLd } from '../../components/seo/json-ld';
import { Seo } from '../../components/seo/seo';
import { breadcrumbsFor } from '../../components/seo/breadcrumbs';
import { postsApi, useGetPostBySlugQuery } from '../posts';
import { blogCopy } from './blog-copy';
import { PostArticle } from './post-article';
import { RelatedPosts } from './related-posts';
import { blogPostingFor } from './post-structured-data';
import { usePostText } from './use-post-text';
import styles from './blog-post-page.module.css';
import { SubscribeForm } from '../newsletter-signup';

/**
 * The server renders the post with its data and its related posts; an unknown slug answers 404,
 * a failing API 503 (related posts that fail are only left out).
 * @public Called by the server through the route table's lazily loaded PageModule.
 */
export async function prefetch({ store, params }: PrefetchContext): Promise<PrefetchResult | void> {
  const slug = params.slug ?? '';
  const [result] = await Promise.all([
    store.dispatch(postsApi.endpoints.getPostBySlug.initiate(slug, { subscribe: false })),
    store.dispatch(postsApi.endpoints.getRelatedPosts.initiate(slug, { subscribe: false })),
  ]);
  if (result.error) {
    const status = 'status' in result.error ? result.error.status : undefined;
    return { status: status === 404 ? 404 : 503 };
  }
}

export default function BlogPostPage() {
  const { slug = '' } = useParams();
  // `currentData` belongs to this slug only: a new slug shows 'Loading...' until its post arrives.
  const { currentData: post, error } = useGetPostBySlugQuery(slug);
  // A failure the server rendered is retried once the page is live; the error (kept while the
  // retry runs) stays on screen instead of flashing 'Loading...'.
  const failed = error !== undefined && !post;

  useEffect(() => {
    if (failed) console.error(blogCopy.postFailed, error);
  }, [failed, error]);

  if (failed) {
    return (
      <div className={`container ${styles.page}`}>
        <Seo title="Post not found | Blog" description="This blog post could not be loaded." noindex />
        <BackLink />
        <p role="alert" className={styles.error}>
          {blogCopy.postFailed}
        </p>
      </div>
    );
  }
  if (!post) {
    return (
      <div className={`container ${styles.page}`}>
        <Seo title="Blog" description={blogCopy.loading} />
        <p role="status" className={styles.status}>
          {blogCopy.loading}
        </p>
      </div>
    );
  }
  return <PostView post={post} />;
}

function BackLink() {
  return (
    <Link className={styles.back} to={paths.blog}>
      {blogCopy.backToBlog}
    </Link>
  );
}

function PostView({ post }: { post: Post }) {
  const { siteUrl } = useRuntimeConfig();
  const settings = useSiteSettings();
  const path = paths.blogPost(post.slug);
  const { excerpt } = usePostText(post);
  // The owner's own words first; the text's first words otherwise.
  const description = post.description || excerpt || blogCopy.heading;
  return (
    <>
      <PostArticle post={post}>
        <Seo
          title={`${post.title} | Blog`}
          description={description}
          path={path}
          type="article"
          {...(post.imageUrl ? { image: post.imageUrl } : {})}
          imageAlt={post.imageUrl ? post.imageAlt || post.title : undefined}
        />
        <meta property="article:published_time" content={post.publishedAt ?? post.createdAt} />
        {post.updatedAt ? <meta property="article:modified_time" content={post.updatedAt} /> : null}
        <JsonLd data={blogPostingFor(post, siteUrl, description, settings)} />
        <JsonLd data={breadcrumbsFor(siteUrl, [{ name: 'Blog', path: paths.blog }, { name: post.title, path }])} />
        <BackLink />
      </PostArticle>
      <div className="container">
        <SubscribeForm />
      </div>
      <RelatedPosts slug={post.slug} />
    </>
  );
}

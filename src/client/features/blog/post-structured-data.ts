import type { BlogPosting, WithContext } from 'schema-dts';
import type { Post } from '../../../shared/api-types';
import type { SiteSettings } from '../../../shared/contract/site/settings';
import { shareImageOf } from '../../lib/site-content/site-identity';
import { absoluteUrl } from '../../components/seo/absolute-url';
import { organizationRef } from '../../components/seo/structured-data';

/** schema.org BlogPosting for a post, so search engines see its headline, description, dates, image and publisher. */
export function blogPostingFor(post: Post, siteUrl: string, description: string, site: SiteSettings): WithContext<BlogPosting> {
  const url = `${siteUrl}/blog/${encodeURIComponent(post.slug)}`;
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description,
    datePublished: post.publishedAt ?? post.createdAt,
    dateModified: post.updatedAt ?? post.createdAt,
    image: [absoluteUrl(siteUrl, post.imageUrl ?? shareImageOf(site))],
    url,
    ...(post.tags.length > 0 ? { keywords: post.tags.join(', ') } : {}),
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    author: { '@type': 'Organization', name: site.name, url: `${siteUrl}/` },
    publisher: organizationRef(siteUrl, site),
  };
}

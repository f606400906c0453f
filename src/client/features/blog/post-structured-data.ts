import type { Post } from '../../../shared/api-types';
import { site } from '../../../shared/site';

const absolute = (siteUrl: string, url: string) => (/^https?:\/\//.test(url) ? url : `${siteUrl}${url.startsWith('/') ? '' : '/'}${url}`);

/** schema.org BlogPosting for a post, so search engines see its headline, dates, image and publisher. */
export function blogPostingFor(post: Post, siteUrl: string, description: string) {
  const url = `${siteUrl}/blog/${encodeURIComponent(post.slug)}`;
  const publisher = {
    '@type': 'Organization',
    name: site.name,
    url: `${siteUrl}/`,
    logo: { '@type': 'ImageObject', url: absolute(siteUrl, site.shareImage) },
  };
  return {
    '@context': 'https://schema.org',
    '@type': 'BlogPosting',
    headline: post.title,
    description,
    datePublished: post.publishedAt ?? post.createdAt,
    dateModified: post.updatedAt ?? post.createdAt,
    image: [absolute(siteUrl, post.imageUrl ?? site.shareImage)],
    url,
    mainEntityOfPage: { '@type': 'WebPage', '@id': url },
    author: { '@type': 'Organization', name: site.name, url: `${siteUrl}/` },
    publisher,
  };
}

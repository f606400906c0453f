import { useLocation } from 'react-router-dom';
import { site } from '../../../shared/site';
import { useRuntimeConfig } from '../../lib/runtime-config';

export interface SeoProps {
  /** The page's own title; the site name is appended. */
  title: string;
  description: string;
  /** Path (and query, where it matters) of the canonical address; defaults to the current path. */
  path?: string;
  /** Share image, absolute or relative to the site root. */
  image?: string;
  imageAlt?: string;
  type?: 'website' | 'article';
  noindex?: boolean;
}

export function pageTitle(title: string): string {
  return `${title} | ${site.name}`;
}

/**
 * Every page declares its metadata here. React 19 hoists these tags into the document head,
 * in the browser and in server-rendered HTML alike.
 */
export function Seo({ title, description, path, image = site.shareImage, imageAlt, type = 'website', noindex }: SeoProps) {
  const { siteUrl } = useRuntimeConfig();
  const { pathname } = useLocation();
  const url = `${siteUrl}${path ?? pathname}`;
  const imageUrl = /^https?:\/\//.test(image) ? image : `${siteUrl}${image}`;
  const fullTitle = pageTitle(title);
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      {noindex ? <meta name="robots" content="noindex" /> : null}
      <meta property="og:site_name" content={site.name} />
      <meta property="og:locale" content={site.locale} />
      <meta property="og:type" content={type} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta property="og:image" content={imageUrl} />
      {imageAlt ? <meta property="og:image:alt" content={imageAlt} /> : null}
      <meta name="twitter:card" content="summary_large_image" />
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={imageUrl} />
    </>
  );
}

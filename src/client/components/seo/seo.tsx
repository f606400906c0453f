import { useLocation } from 'react-router-dom';
import { shareImageAltOf, shareImageOf, SITE_LOCALE } from '../../lib/site-content/site-identity';
import { useSiteSettings } from '../../lib/site-content/site-content-api';
import { useSiteContentSource } from '../../lib/site-content/content-source-context';
import { useRuntimeConfig } from '../../lib/runtime-config';
import { absoluteUrl } from './absolute-url';

export interface SeoProps {
  /** The page's own title; the site name is appended. */
  title: string;
  description: string;
  /** Path (and query, where it matters) of the canonical address; defaults to the current path. */
  path?: string;
  /** Share image, absolute or relative to the site root; the site's share card when left out. */
  image?: string;
  /** What the share image shows; the site card's own words when the image is the site's. */
  imageAlt?: string;
  type?: 'website' | 'article';
  noindex?: boolean;
}


/**
 * Every page declares its metadata here. React 19 hoists these tags into the document head,
 * in the browser and in server-rendered HTML alike. Every share image goes with its
 * alternative text (`og:image:alt`, `twitter:image:alt`), the site's card included.
 */
export function Seo({ title, description, path, image, imageAlt, type = 'website', noindex }: SeoProps) {
  const { siteUrl } = useRuntimeConfig();
  const { pathname } = useLocation();
  const site = useSiteSettings();
  const source = useSiteContentSource();
  // A preview of unpublished words is never indexed, whatever the page says of itself.
  const hidden = noindex || source?.preview === true;
  const url = `${siteUrl}${path ?? pathname}`;
  const imageUrl = absoluteUrl(siteUrl, image ?? shareImageOf(site));
  const fullTitle = `${title} | ${site.name}`;
  // An image of the page's own without words for it is named by the page's title, never by the site card's words.
  const alt = imageAlt || (image === undefined ? shareImageAltOf(site) : fullTitle);
  return (
    <>
      <title>{fullTitle}</title>
      <meta name="description" content={description} />
      <link rel="canonical" href={url} />
      {hidden ? <meta name="robots" content="noindex" /> : null}
      <meta property="og:site_name" content={site.name} />
      <meta property="og:locale" content={SITE_LOCALE} />
      <meta property="og:type" content={type} />
      <meta property="og:title" content={fullTitle} />
      <meta property="og:description" content={description} />
      <meta property="og:url" content={url} />
      <meta property="og:image" content={imageUrl} />
      <meta property="og:image:alt" content={alt} />
      <meta name="twitter:card" content="summary_large_image" />
      {site.xAccount ? <meta name="twitter:site" content={site.xAccount} /> : null}
      <meta name="twitter:title" content={fullTitle} />
      <meta name="twitter:description" content={description} />
      <meta name="twitter:image" content={imageUrl} />
      <meta name="twitter:image:alt" content={alt} />
    </>
  );
}

import { useDeferredValue } from 'react';
import { slugFromTitle } from '../../../../shared/text/slug';
import { useRuntimeConfig } from '../../../lib/runtime-config';
import { cutForSearch, metaDescription } from './search-cut';
import styles from './share-fields.module.css';
import { useSiteSettings } from '../../../lib/site-content/site-content-api';
import { shareImageOf } from '../../../lib/site-content/site-identity';

export interface SharePreviewsProps {
  title: string;
  body: string;
  description: string;
  imageAlt: string;
  /** The post's address once published; a new post's follows its title. */
  slug?: string;
  /** The image the card will carry: the chosen file's preview, the post's image, or the site's share card. */
  imageUrl?: string | null;
}

/**
 * How the post will look as a search result (title, address, description cut as search engines
 * cut it) and as a shared link card (image, title, description), while the owner types.
 */
export function SharePreviews(props: SharePreviewsProps) {
  const site = useSiteSettings();
  const { title, body, description, imageAlt, slug, imageUrl } = useDeferredValue(props);
  const { siteUrl } = useRuntimeConfig();
  const pageTitle = `${title.trim() || 'Untitled'} | Blog | ${site.name}`;
  const text = metaDescription(description, body);
  const address = `${siteUrl.replace(/^https?:\/\//, '')}/blog/${slug ?? slugFromTitle(title)}`;
  const host = siteUrl.replace(/^https?:\/\//, '').replace(/\/.*$/, '');
  return (
    <section className={styles.previews} aria-labelledby="share-previews-heading">
      <h2 id="share-previews-heading">How it will look when shared</h2>
      <figure className={styles.searchResult}>
        <figcaption>In search results</figcaption>
        <p className={styles.resultAddress}>{address}</p>
        <p className={styles.resultTitle}>{cutForSearch(pageTitle, 60)}</p>
        <p className={styles.resultText} data-testid="search-preview-description">
          {cutForSearch(text)}
        </p>
      </figure>
      <figure className={styles.card}>
        <figcaption>As a shared link</figcaption>
        <img className={styles.cardImage} src={imageUrl || shareImageOf(site)} alt={imageAlt} width={1200} height={630} />
        <div className={styles.cardText}>
          <p className={styles.cardHost}>{host}</p>
          <p className={styles.cardTitle}>{pageTitle}</p>
          <p className={styles.cardDescription} data-testid="card-preview-description">
            {cutForSearch(text, 200)}
          </p>
        </div>
      </figure>
    </section>
  );
}

import { createContext, useContext } from 'react';
import type { SitePreview } from '../../../shared/contract/site/api';

/**
 * The owner's unpublished draft, where a page is drawn as a preview of it: the site content hooks
 * read it instead of the live content. Kept out of the store, so that no draft word can show on a
 * public page later in the same tab.
 */
export const SitePreviewContext = createContext<SitePreview | null>(null);

/** The draft being previewed, or null on a real page. */
export const useSitePreview = () => useContext(SitePreviewContext);

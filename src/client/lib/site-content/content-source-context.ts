import { createContext, useContext } from 'react';
import type { SiteContentSource } from '../../../shared/site-content/content-source';

/**
 * Site content at hand, which the site content hooks read instead of fetching it: the live
 * content in the server's render, the owner's unpublished draft in its preview. The draft is
 * thereby kept out of the store, so that no draft word can show on a public page later in the tab.
 */
export const SiteContentSourceContext = createContext<SiteContentSource | null>(null);

export const useSiteContentSource = () => useContext(SiteContentSourceContext);

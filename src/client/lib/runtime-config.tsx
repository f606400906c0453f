import { createContext, useContext, type ReactNode } from 'react';

/** What the server hands the browser at start: where the site lives and where its API is. */
export interface RuntimeConfig {
  /** Public address of the site, without a trailing slash: canonical links and share tags. */
  siteUrl: string;
  /** Base address of the API; '' means the same origin. */
  apiBaseUrl: string;
  /** How the contact form sends (docs/product.md#contact-messages); absent means 'mailto'. */
  contactDelivery?: 'mailto' | 'server';
}

const RuntimeConfigContext = createContext<RuntimeConfig>({ siteUrl: '', apiBaseUrl: '' });

export function RuntimeConfigProvider({ value, children }: { value: RuntimeConfig; children: ReactNode }) {
  return <RuntimeConfigContext.Provider value={value}>{children}</RuntimeConfigContext.Provider>;
}

export function useRuntimeConfig(): RuntimeConfig {
  return useContext(RuntimeConfigContext);
}

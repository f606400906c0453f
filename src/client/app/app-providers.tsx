import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { AdminLinksProvider } from '../lib/admin-links';
import { RuntimeConfigProvider, type RuntimeConfig } from '../lib/runtime-config';
import type { AppStore } from '../lib/store/store';
import { adminLinks } from './routes';

export function AppProviders({ store, config, children }: { store: AppStore; config: RuntimeConfig; children: ReactNode }) {
  return (
    <Provider store={store}>
      <RuntimeConfigProvider value={config}>
        <AdminLinksProvider links={adminLinks}>{children}</AdminLinksProvider>
      </RuntimeConfigProvider>
    </Provider>
  );
}

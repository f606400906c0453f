import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { RuntimeConfigProvider, type RuntimeConfig } from '../lib/runtime-config';
import type { AppStore } from '../lib/store/store';

export function AppProviders({ store, config, children }: { store: AppStore; config: RuntimeConfig; children: ReactNode }) {
  return (
    <Provider store={store}>
      <RuntimeConfigProvider value={config}>
        {children}
      </RuntimeConfigProvider>
    </Provider>
  );
}

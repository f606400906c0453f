/** Told of a storage failure; whether it deserves the console is the caller's call. */
export type StorageErrorHandler = (message: string, error: unknown) => void;

export interface LocalStore {
  /** The Storage behind it, to recognise its `storage` events; null when values live in memory. */
  readonly area: Storage | null;
  read(key: string): string | null;
  write(key: string, value: string): void;
  remove(key: string): void;
}

/**
 * Local storage that never throws. Where the browser forbids it (some private modes, sandboxed
 * frames, a server render), values live in memory for as long as this store; where it refuses one
 * call (full, or a SecurityError), the call is reported and skipped. What the app keeps there is a
 * convenience it can live without, never a reason to fail.
 */
export function openLocalStore(onError: StorageErrorHandler = () => {}, getArea: () => Storage = () => window.localStorage): LocalStore {
  let area: Storage;
  try {
    area = getArea();
  } catch (error) {
    onError('Local storage is not available; what is kept lasts as long as this page.', error);
    return memoryStore();
  }
  function attempt<T>(what: string, key: string, fallback: T, call: () => T): T {
    try {
      return call();
    } catch (error) {
      onError(`Local storage could not ${what} "${key}".`, error);
      return fallback;
    }
  }
  return {
    area,
    read: (key) => attempt('read', key, null, () => area.getItem(key)),
    write: (key, value) => attempt('save', key, undefined, () => area.setItem(key, value)),
    remove: (key) => attempt('remove', key, undefined, () => area.removeItem(key)),
  };
}

function memoryStore(): LocalStore {
  const values = new Map<string, string>();
  return {
    area: null,
    read: (key) => values.get(key) ?? null,
    write: (key, value) => void values.set(key, value),
    remove: (key) => void values.delete(key),
  };
}

import { openLocalStore } from './local-storage';

afterEach(() => {
  jest.restoreAllMocks();
  window.localStorage.clear();
});

it('reads, writes and removes in local storage', () => {
  const store = openLocalStore();
  expect(store.area).toBe(window.localStorage);
  store.write('key', 'value');
  expect(window.localStorage.getItem('key')).toBe('value');
  expect(store.read('key')).toBe('value');
  store.remove('key');
  expect(store.read('key')).toBeNull();
});

it('reports a call the storage refuses and carries on', () => {
  const errors: string[] = [];
  const store = openLocalStore((message) => errors.push(message));
  const refuse = (name: string) => () => {
    throw new DOMException('refused', name);
  };
  jest.spyOn(Storage.prototype, 'setItem').mockImplementation(refuse('QuotaExceededError'));
  jest.spyOn(Storage.prototype, 'getItem').mockImplementation(refuse('SecurityError'));
  jest.spyOn(Storage.prototype, 'removeItem').mockImplementation(refuse('SecurityError'));
  store.write('key', 'value');
  expect(store.read('key')).toBeNull();
  store.remove('key');
  expect(errors).toEqual(['Local storage could not save "key".', 'Local storage could not read "key".', 'Local storage could not remove "key".']);
});

it('keeps values in memory, saying so once, where local storage cannot be reached', () => {
  const errors: string[] = [];
  const store = openLocalStore(
    (message) => errors.push(message),
    () => {
      throw new DOMException('The operation is insecure.', 'SecurityError');
    },
  );
  expect(store.area).toBeNull();
  store.write('key', 'value');
  expect(store.read('key')).toBe('value');
  store.remove('key');
  expect(store.read('key')).toBeNull();
  expect(errors).toHaveLength(1);
});

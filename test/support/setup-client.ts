import '@testing-library/jest-dom';
import { configure } from '@testing-library/react';
import { TextDecoder, TextEncoder } from 'node:util';

// react-router 7 needs these; jsdom does not provide them.
Object.assign(globalThis, { TextEncoder, TextDecoder });

// Pages wait for lazily loaded chunks and the real API; on a loaded CI machine that can take
// longer than the 1 s testing-library waits by default.
configure({ asyncUtilTimeout: 5000 });

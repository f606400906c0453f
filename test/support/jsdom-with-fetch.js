// jsdom, plus Node's own fetch family, so RTK Query in component tests talks to the real API
// (through buildApp and injectFetch). AbortController comes along: Node's Request refuses
// jsdom's signals.
const { TestEnvironment } = require('jest-environment-jsdom');
const { TextDecoder, TextEncoder } = require('node:util');

class JsdomWithFetch extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    Object.assign(this.global, {
      fetch,
      Request,
      Response,
      Headers,
      FormData,
      Blob,
      File,
      AbortController,
      AbortSignal,
      ReadableStream,
      TextEncoder,
      TextDecoder,
      structuredClone,
      setImmediate,
      clearImmediate,
    });
    // jsdom's crypto has no subtle; the server signs tokens with WebCrypto (jose) when a test
    // signs in against the real API.
    Object.defineProperty(this.global, 'crypto', { value: globalThis.crypto, configurable: true, writable: true });
  }
}

module.exports = JsdomWithFetch;

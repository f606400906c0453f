// jsdom, plus Node's own fetch family, so RTK Query in component tests talks to the real API
// (through buildApp and injectFetch). AbortController comes along: Node's Request refuses
// jsdom's signals.
const { TestEnvironment } = require('jest-environment-jsdom');
const { TextDecoder, TextEncoder } = require('node:util');

class JsdomWithFetch extends TestEnvironment {
  constructor(config, context) {
    super(config, context);
    // A file may fix the owner's time zone (`@jest-environment-options {"timeZone": "…"}`): the
    // sandbox's process.env is a copy, so TZ is set on the worker's own process for that file.
    const { timeZone } = config.projectConfig.testEnvironmentOptions ?? {};
    if (timeZone) {
      this.previousTimeZone = process.env.TZ;
      process.env.TZ = timeZone;
    }
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

  async teardown() {
    if ('previousTimeZone' in this) {
      if (this.previousTimeZone === undefined) delete process.env.TZ;
      else process.env.TZ = this.previousTimeZone;
    }
    await super.teardown();
  }
}

module.exports = JsdomWithFetch;

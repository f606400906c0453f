/**
 * The part of XMLHttpRequest an upload uses (`open`, `setRequestHeader`, `send`, `abort`, the
 * upload's progress and the load, error and abort handlers), answered by an in-process fetch:
 * jsdom's own XMLHttpRequest would go to the network. Each `send` reports progress in the
 * steps a test asks for, waiting between them while the test holds the upload.
 */
export interface HeldUpload {
  /** Reports `loaded` of the body's bytes sent, then waits for the next step or `release`. */
  progress(fraction: number): Promise<void>;
  /** Lets the request reach the server. */
  release(): void;
  /** Whether the page cancelled it. */
  readonly aborted: boolean;
}

type Handler = ((event: ProgressEvent) => void) | null;

export function inProcessXhr(fetchFn: typeof fetch) {
  const holds: Array<(upload: HeldUpload) => void> = [];

  class InProcessXhr {
    upload: { onprogress: Handler } = { onprogress: null };
    onload: Handler = null;
    onerror: Handler = null;
    onabort: Handler = null;
    ontimeout: Handler = null;
    status = 0;
    responseText = '';
    private method = 'GET';
    private url = '';
    private readonly headers = new Headers();
    private readonly controller = new AbortController();

    open(method: string, url: string) {
      this.method = method;
      // The API's base address is relative in the browser; here any absolute one does.
      this.url = new URL(url, 'http://in-process.invalid').href;
    }

    setRequestHeader(name: string, value: string) {
      this.headers.set(name, value);
    }

    abort() {
      this.controller.abort();
    }

    private event(loaded: number, total: number) {
      return { loaded, total, lengthComputable: true } as ProgressEvent;
    }

    async send(body: FormData) {
      const total = [...body.values()].reduce((sum, value) => sum + (typeof value === 'string' ? value.length : value.size), 0);
      const hold = holds.shift();
      if (hold) {
        let release!: () => void;
        const released = new Promise<void>((resolve) => (release = resolve));
        const signal = this.controller.signal;
        const aborted = new Promise<void>((resolve) => signal.addEventListener('abort', () => resolve()));
        const held: HeldUpload = {
          progress: async (fraction) => {
            this.upload.onprogress?.(this.event(Math.ceil(total * fraction), total));
            await Promise.resolve();
          },
          release,
          get aborted() {
            return signal.aborted;
          },
        };
        hold(held);
        await Promise.race([released, aborted]);
      }
      if (this.controller.signal.aborted) return this.onabort?.(this.event(0, total));
      this.upload.onprogress?.(this.event(total, total));
      try {
        const response = await fetchFn(new Request(this.url, { method: this.method, headers: this.headers, body, signal: this.controller.signal }));
        this.status = response.status;
        this.responseText = await response.text();
        this.onload?.(this.event(total, total));
      } catch {
        if (this.controller.signal.aborted) this.onabort?.(this.event(0, total));
        else this.onerror?.(this.event(0, total));
      }
    }
  }

  return {
    create: () => new InProcessXhr() as unknown as XMLHttpRequest,
    /** The next upload, held before it reaches the server until the test releases it. */
    hold: () => new Promise<HeldUpload>((resolve) => holds.push(resolve)),
  };
}

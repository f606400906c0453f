/**
 * Ends the current task so that the browser can handle input and paint before the next step.
 * A posted message, as React's scheduler uses: timers are throttled to a second in background
 * tabs (and stopped by a test's fake clock); `scheduler.yield()` measured no better here.
 */
export function yieldToBrowser(): Promise<void> {
  if (typeof MessageChannel === 'undefined') return Promise.resolve();
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}

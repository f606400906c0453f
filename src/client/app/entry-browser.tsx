import '../styles/global.css';
import { yieldToBrowser } from './yield-to-browser';

/**
 * Runs `start` once the browser has painted the server's HTML. The app's code (React, the store,
 * the router: some 60 ms of evaluation on a mid-range phone) would otherwise run first and hold
 * the page back, though the HTML is complete without it. A hidden tab has nothing to paint for,
 * and a browser without paint timing nothing to wait on: those start at once. The paint
 * observer, unlike a timer or an animation frame, also works under a test's fake clock.
 */
function afterFirstPaint(start: () => void): void {
  const supported = typeof PerformanceObserver !== 'undefined' && PerformanceObserver.supportedEntryTypes.includes('paint');
  if (!supported || document.visibilityState === 'hidden') {
    start();
    return;
  }
  const observer = new PerformanceObserver(() => {
    observer.disconnect();
    start();
  });
  observer.observe({ type: 'paint', buffered: true });
}

afterFirstPaint(() => {
  // A chunk of its own ("app", src/server/render/asset-manifest.ts), requested only now: the
  // page's first paint waits for neither its download nor its evaluation. Its code is evaluated
  // in steps (React DOM, then the store and the session, then the rest), a task each, so that
  // no step is a long task that holds back a first input.
  void import(/* webpackChunkName: "app" */ './framework')
    .then(yieldToBrowser)
    .then(() => import(/* webpackChunkName: "app" */ '../features/session'))
    .then(yieldToBrowser)
    .then(() => import(/* webpackChunkName: "app" */ './boot-browser'))
    .then(({ bootBrowser }) => bootBrowser());
});

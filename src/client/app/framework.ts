/**
 * React DOM, the largest library of the app, evaluated in a task of its own before the app's
 * code (entry-browser.tsx), so that neither evaluation is one long task that holds back a first
 * input. (It is CommonJS: the whole module runs whatever is imported of it.)
 */
export { hydrateRoot } from 'react-dom/client';

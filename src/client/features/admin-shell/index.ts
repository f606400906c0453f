// The admin shell's public entry: what the route table declares of a page, typed, and how the
// admin area's pages read the session. The app loads the layout and the not-found page by path,
// in the admin chunk.
export { adminLinksOf, type AdminPage, type AdminPageHandle } from './admin-page';
export { useSession, useSessionToken } from './use-session';

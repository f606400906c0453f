// The admin shell's public entry. The app loads the layout and the not-found page by path, in the
// admin chunk; what it declares in the route table is typed here.
export { adminLinksOf, type AdminLink, type AdminPage, type AdminPageHandle } from './admin-page';

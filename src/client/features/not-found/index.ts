// The not-found feature's public entry: the page other pages show for what does not exist.
export { default as NotFoundPage } from './not-found-page';

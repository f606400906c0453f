// The newsletter's public entry: the subscribe form the blog's pages show.
export { SubscribeForm } from './subscribe-form';

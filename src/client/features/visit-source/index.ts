export { visitSource } from './visit-source';

export { noteView, visitSource } from './visit-source';

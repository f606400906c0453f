import { HttpError } from '../http/errors';

export const NOT_FOUND = 'Post not found.';
/** Ids are UUIDs today; any short token of these characters is looked up, anything else cannot exist. */
const POST_ID = /^[A-Za-z0-9_-]{1,64}$/;

export const isPostId = (id: string) => POST_ID.test(id);
export const postNotFound = () => new HttpError(404, NOT_FOUND);

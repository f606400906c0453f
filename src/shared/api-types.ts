/** The API's contract (product spec section 7), shared by the server and the client. */

/** Every API error answers with this body. */
export interface ApiError {
  message: string;
}

export interface Post {
  _id: string;
  title: string;
  /** Markdown, possibly with raw HTML. The API takes it as `body` and answers it as `content`. */
  content: string;
  slug: string;
  /** URL of the largest stored image; the 400 and 800 px versions sit beside it. */
  imageUrl?: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface Credentials {
  email: string;
  password: string;
}

export interface LoginResponse {
  token: string;
  message?: string;
}

export interface MessageResponse {
  message: string;
}

/** The payload the server signs into every sign-in token. */
export interface TokenPayload {
  sub: string;
  email: string;
  iat: number;
  exp: number;
  /** The account's token version; a password reset raises it and retires older tokens. */
  ver: number;
}

/** Header carrying the total number of posts when the list is asked for one page. */
export const TOTAL_COUNT_HEADER = 'X-Total-Count';

import { paths } from '../../shared/paths';
import { publicPagePaths } from '../../client/app/render-page';

/** The public pages a search engine should know, besides the blog's posts: the client's route table decides. */
export const PUBLIC_PATHS: readonly string[] = publicPagePaths();

/** Never for search engines: the administrator's area, the API and the account pages. */
export const DISALLOWED_PATHS: readonly string[] = [paths.admin, '/api/', paths.login, paths.register, paths.forgotPassword, paths.resetPassword('')];

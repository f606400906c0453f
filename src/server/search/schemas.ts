import { errorResponses } from '../../shared/contract/common';
import { searchPageSchema, searchQuerySchema } from '../../shared/contract/posts';

export const searchSchema = {
  tags: ['search'],
  summary: 'Published posts matching words, a page at a time, the matches marked',
  querystring: searchQuerySchema,
  response: { 200: searchPageSchema, ...errorResponses(400, 401, 503) },
} as const;

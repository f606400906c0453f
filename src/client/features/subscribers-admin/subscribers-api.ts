import type { NewsletterSend, SubscriberList } from '../../../shared/newsletter';
import { baseApi } from '../../lib/api/base-api';

const withTags = baseApi.enhanceEndpoints({ addTagTypes: ['Subscriber', 'NewsletterSend'] });

interface ImportResult {
  subscribed: number;
  invited: number;
  unchanged: number;
}

/** The owner's newsletter calls (bearer token): subscribers, and the posts mailed to them. */
const subscribersApi = withTags.injectEndpoints({
  endpoints: (build) => ({
    getSubscribers: build.query<SubscriberList, { q: string; page: number }>({
      query: ({ q, page }) => `/api/subscribers?${new URLSearchParams({ ...(q ? { q } : {}), page: String(page), limit: '25' }).toString()}`,
      providesTags: ['Subscriber'],
    }),
    deleteSubscriber: build.mutation<void, string>({
      query: (id) => ({ url: `/api/subscribers/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: ['Subscriber'],
    }),
    importSubscribers: build.mutation<ImportResult, string>({
      query: (csv) => ({ url: '/api/subscribers/import', method: 'POST', body: csv, headers: { 'content-type': 'text/csv' } }),
      invalidatesTags: ['Subscriber'],
    }),
    getNewsletterSends: build.query<NewsletterSend[], void>({
      query: () => '/api/newsletter/sends',
      providesTags: ['NewsletterSend'],
    }),
    requestNewsletter: build.mutation<NewsletterSend, string>({
      query: (postId) => ({ url: `/api/posts/id/${encodeURIComponent(postId)}/newsletter`, method: 'POST' }),
      invalidatesTags: ['NewsletterSend'],
    }),
    cancelNewsletter: build.mutation<void, string>({
      query: (postId) => ({ url: `/api/posts/id/${encodeURIComponent(postId)}/newsletter`, method: 'DELETE' }),
      invalidatesTags: ['NewsletterSend'],
    }),
    sendNewsletterTest: build.mutation<{ message: string }, string>({
      query: (postId) => ({ url: `/api/posts/id/${encodeURIComponent(postId)}/newsletter/test`, method: 'POST' }),
    }),
  }),
});

export const {
  useGetSubscribersQuery,
  useDeleteSubscriberMutation,
  useImportSubscribersMutation,
  useGetNewsletterSendsQuery,
  useRequestNewsletterMutation,
  useCancelNewsletterMutation,
  useSendNewsletterTestMutation,
} = subscribersApi;

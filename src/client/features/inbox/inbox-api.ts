import type { ContactFolder, ContactMessage, ContactSummary } from '../../../shared/contact';
import { baseApi } from '../../lib/api/base-api';

const withInboxTag = baseApi.enhanceEndpoints({ addTagTypes: ['ContactMessage'] });
const list = (folder: ContactFolder) => ({ type: 'ContactMessage' as const, id: `LIST-${folder}` });
const summary = { type: 'ContactMessage' as const, id: 'SUMMARY' };
const everything = [list('inbox'), list('spam'), summary];

/** The administrator's inbox calls (bearer token), visible in Redux DevTools like every call. */
export const inboxApi = withInboxTag.injectEndpoints({
  endpoints: (build) => ({
    getContactMessages: build.query<ContactMessage[], ContactFolder>({
      query: (folder) => `/api/contact/messages?folder=${folder}`,
      providesTags: (_result, _error, folder) => [list(folder)],
    }),
    getContactSummary: build.query<ContactSummary, void>({
      query: () => '/api/contact/summary',
      providesTags: [summary],
    }),
    setContactMessageRead: build.mutation<ContactMessage, { id: string; read: boolean }>({
      query: ({ id, read }) => ({ url: `/api/contact/messages/${encodeURIComponent(id)}`, method: 'PATCH', body: { read } }),
      invalidatesTags: everything,
    }),
    deleteContactMessage: build.mutation<void, string>({
      query: (id) => ({ url: `/api/contact/messages/${encodeURIComponent(id)}`, method: 'DELETE' }),
      invalidatesTags: everything,
    }),
    markNotSpam: build.mutation<ContactMessage, string>({
      query: (id) => ({ url: `/api/contact/messages/${encodeURIComponent(id)}/not-spam`, method: 'POST' }),
      invalidatesTags: everything,
    }),
  }),
});

export const {
  useGetContactMessagesQuery,
  useGetContactSummaryQuery,
  useSetContactMessageReadMutation,
  useDeleteContactMessageMutation,
  useMarkNotSpamMutation,
} = inboxApi;

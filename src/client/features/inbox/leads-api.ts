import type { ContactMessage } from '../../../shared/contact';
import type { DueLead, LeadChange, LeadStatus } from '../../../shared/leads';
import { inboxApi } from './inbox-api';

const message = (id: string) => `/api/contact/messages/${encodeURIComponent(id)}`;
/** Every inbox list, the due list and the counts: what a change of a lead may move. */
const leadsChanged = [
  { type: 'ContactMessage' as const, id: 'LIST-inbox' },
  { type: 'ContactMessage' as const, id: 'LIST-spam' },
  { type: 'ContactMessage' as const, id: 'SUMMARY' },
  { type: 'ContactMessage' as const, id: 'LEADS' },
];

/** The leads calls of the inbox (bearer token). */
const leadsApi = inboxApi.injectEndpoints({
  endpoints: (build) => ({
    getLeadsWithStatus: build.query<ContactMessage[], LeadStatus>({
      query: (status) => `/api/contact/messages?folder=inbox&status=${status}`,
      providesTags: [{ type: 'ContactMessage', id: 'LEADS' }],
    }),
    getDueLeads: build.query<{ today: string; leads: DueLead[] }, void>({
      query: () => '/api/leads/due',
      providesTags: [{ type: 'ContactMessage', id: 'LEADS' }],
    }),
    changeLead: build.mutation<ContactMessage, { id: string; change: LeadChange }>({
      query: ({ id, change }) => ({ url: `${message(id)}/lead`, method: 'PATCH', body: change }),
      invalidatesTags: leadsChanged,
    }),
    addLeadNote: build.mutation<ContactMessage, { id: string; text: string }>({
      query: ({ id, text }) => ({ url: `${message(id)}/notes`, method: 'POST', body: { text } }),
      invalidatesTags: leadsChanged,
    }),
    deleteLeadNote: build.mutation<void, { id: string; noteId: string }>({
      query: ({ id, noteId }) => ({ url: `${message(id)}/notes/${encodeURIComponent(noteId)}`, method: 'DELETE' }),
      invalidatesTags: leadsChanged,
    }),
    eraseByEmail: build.mutation<{ erased: number }, string>({
      query: (email) => ({ url: '/api/leads/erase', method: 'POST', body: { email } }),
      invalidatesTags: leadsChanged,
    }),
    /** The CSV as text; the page hands it to the browser as a download. */
    exportLeads: build.mutation<string, void>({
      query: () => ({ url: '/api/leads/export', responseHandler: 'text' }),
    }),
  }),
});

export const {
  useGetLeadsWithStatusQuery,
  useGetDueLeadsQuery,
  useChangeLeadMutation,
  useAddLeadNoteMutation,
  useDeleteLeadNoteMutation,
  useEraseByEmailMutation,
  useExportLeadsMutation,
} = leadsApi;

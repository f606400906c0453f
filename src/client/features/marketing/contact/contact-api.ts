import type { ContactFormInfo, ContactValues } from '../../../../shared/contact';
import { baseApi } from '../../../lib/api/base-api';

/** The contact calls of CONTACT_DELIVERY=server; both are the visitor's, so they never carry a token. */
export const contactApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    /** The signed form-start time (and, on a page answering a refused post, what was refused). */
    getContactForm: build.query<ContactFormInfo, void>({
      query: () => '/api/contact/form',
      extraOptions: { anonymous: true },
    }),
    sendContactMessage: build.mutation<{ message: string }, ContactValues & { website: string; startToken: string } & Partial<Record<string, string | string[] | null>>>({
      query: (body) => ({ url: '/api/contact', method: 'POST', body }),
      extraOptions: { anonymous: true },
    }),
  }),
});

export const { useGetContactFormQuery, useSendContactMessageMutation } = contactApi;

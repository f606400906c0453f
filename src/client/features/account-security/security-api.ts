import type { PublicKeyCredentialCreationOptionsJSON, RegistrationResponseJSON } from '@simplewebauthn/browser';
import type { AuthenticatorEnrolment, PasskeySummary, RecoveryCodes, SecurityOverview } from '../../../shared/api-types';
import { baseApi } from '../../lib/api/base-api';

/** The Security page's calls; each change refetches the overview (and its log). */
const securityApi = baseApi.enhanceEndpoints({ addTagTypes: ['Security'] }).injectEndpoints({
  endpoints: (build) => ({
    getSecurity: build.query<SecurityOverview, void>({ query: () => '/api/security', providesTags: ['Security'] }),
    startAuthenticator: build.mutation<AuthenticatorEnrolment, void>({ query: () => ({ url: '/api/security/authenticator', method: 'POST', body: {} }) }),
    confirmAuthenticator: build.mutation<RecoveryCodes, { code: string }>({
      query: (body) => ({ url: '/api/security/authenticator/confirm', method: 'POST', body }),
      invalidatesTags: ['Security'],
    }),
    removeAuthenticator: build.mutation<void, void>({ query: () => ({ url: '/api/security/authenticator', method: 'DELETE' }), invalidatesTags: ['Security'] }),
    renewRecoveryCodes: build.mutation<RecoveryCodes, void>({ query: () => ({ url: '/api/security/recovery-codes', method: 'POST', body: {} }), invalidatesTags: ['Security'] }),
    passkeyRegistrationOptions: build.mutation<{ options: PublicKeyCredentialCreationOptionsJSON }, void>({
      query: () => ({ url: '/api/security/passkeys/options', method: 'POST', body: {} }),
    }),
    addPasskey: build.mutation<PasskeySummary, { name: string; response: RegistrationResponseJSON }>({
      query: (body) => ({ url: '/api/security/passkeys', method: 'POST', body }),
      invalidatesTags: ['Security'],
    }),
    renamePasskey: build.mutation<PasskeySummary, { id: string; name: string }>({
      query: ({ id, name }) => ({ url: `/api/security/passkeys/${encodeURIComponent(id)}`, method: 'PATCH', body: { name } }),
      invalidatesTags: ['Security'],
    }),
    removePasskey: build.mutation<void, string>({ query: (id) => ({ url: `/api/security/passkeys/${encodeURIComponent(id)}`, method: 'DELETE' }), invalidatesTags: ['Security'] }),
    signOutEverywhere: build.mutation<void, void>({ query: () => ({ url: '/api/security/sign-out-everywhere', method: 'POST', body: {} }) }),
  }),
});

export const {
  useGetSecurityQuery,
  useStartAuthenticatorMutation,
  useConfirmAuthenticatorMutation,
  useRemoveAuthenticatorMutation,
  useRenewRecoveryCodesMutation,
  usePasskeyRegistrationOptionsMutation,
  useAddPasskeyMutation,
  useRenamePasskeyMutation,
  useRemovePasskeyMutation,
  useSignOutEverywhereMutation,
} = securityApi;

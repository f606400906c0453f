import type { AuthenticationResponseJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { Credentials, LoginAnswer, LoginResponse, MessageResponse } from '../../../shared/api-types';

/** One proof of who the person is, for a change that needs a recent sign-in. */
export type ReauthProof = { password: string } | { code: string } | { response: AuthenticationResponseJSON };
import { baseApi } from '../../lib/api/base-api';

/** The account calls: sign-in, registration, password reset. They never carry the bearer token, and their 401 is no verdict on the session. */
export const authApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    login: build.mutation<LoginAnswer, Credentials>({
      query: (body) => ({ url: '/api/auth/login', method: 'POST', body }),
      extraOptions: { anonymous: true },
    }),
    /** The second step: a code of the authenticator app, or a recovery code. */
    loginWithCode: build.mutation<LoginResponse, { mfaToken: string; code: string }>({
      query: (body) => ({ url: '/api/auth/login/mfa', method: 'POST', body }),
      extraOptions: { anonymous: true },
    }),
    passkeyLoginOptions: build.mutation<{ options: PublicKeyCredentialRequestOptionsJSON }, void>({
      query: () => ({ url: '/api/auth/passkey/options', method: 'POST', body: {} }),
      extraOptions: { anonymous: true },
    }),
    loginWithPasskey: build.mutation<LoginResponse, { response: AuthenticationResponseJSON }>({
      query: (body) => ({ url: '/api/auth/passkey/verify', method: 'POST', body }),
      extraOptions: { anonymous: true },
    }),
    /** Ends this token on the server: it is then refused everywhere. Carries the token it ends, whatever the session holds by then. */
    logout: build.mutation<void, string>({
      query: (token) => ({ url: '/api/auth/logout', method: 'POST', headers: { Authorization: `Bearer ${token}` }, body: {} }),
      extraOptions: { anonymous: true },
    }),
    /** A fresh token for a proof: the session's own call, with its bearer token. */
    reauthenticate: build.mutation<LoginResponse, ReauthProof>({
      query: (body) => ({ url: '/api/auth/reauth', method: 'POST', body }),
    }),
    register: build.mutation<MessageResponse, Credentials>({
      query: (body) => ({ url: '/api/auth/register', method: 'POST', body }),
      extraOptions: { anonymous: true },
    }),
    forgotPassword: build.mutation<MessageResponse, { email: string }>({
      query: (body) => ({ url: '/api/forgot-password', method: 'POST', body }),
      extraOptions: { anonymous: true },
    }),
    resetPassword: build.mutation<MessageResponse, { token: string; password: string }>({
      query: ({ token, password }) => ({ url: `/api/reset-password/${encodeURIComponent(token)}`, method: 'POST', body: { password } }),
      extraOptions: { anonymous: true },
    }),
  }),
});

export const {
  useLoginMutation,
  useLoginWithCodeMutation,
  usePasskeyLoginOptionsMutation,
  useLoginWithPasskeyMutation,
  useReauthenticateMutation,
  useRegisterMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
} = authApi;

import type { AuthenticationResponseJSON, PublicKeyCredentialRequestOptionsJSON } from '@simplewebauthn/browser';
import type { Credentials, LoginAnswer, LoginResponse, MessageResponse } from '../../../shared/api-types';
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

export const { useLoginMutation, useLoginWithCodeMutation, usePasskeyLoginOptionsMutation, useLoginWithPasskeyMutation, useRegisterMutation, useForgotPasswordMutation, useResetPasswordMutation } = authApi;

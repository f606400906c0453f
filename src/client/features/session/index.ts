// The session feature's public entry: what other features may use of it.
export {
  useLoginMutation,
  useLoginWithCodeMutation,
  usePasskeyLoginOptionsMutation,
  useLoginWithPasskeyMutation,
  useReauthenticateMutation,
  useRegisterMutation,
  useForgotPasswordMutation,
  useResetPasswordMutation,
  type ReauthProof,
} from './authApi';
export { type SessionActor } from './sessionMachine';
export { selectSession, selectToken, selectUser, type SessionState, type SessionStatus, type SessionUser } from './sessionSlice';
export { SessionProvider, SessionRedirects, useSessionActor } from './SessionContext';
export { createSessionStore, type RunningSession, type SessionEnvironment } from './startSession';
export { isUnexpired } from './token';

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
} from './auth-api';
export { type SessionActor, type SessionSnapshot } from './session-machine';
export { selectSession, selectToken, selectUser, type SessionState, type SessionStatus, type SessionUser } from './session-slice';
export { SessionProvider, SessionRedirects, useSessionActor } from './session-context';
export { createSessionStore, type RunningSession, type SessionEnvironment } from './start-session';
export { isUnexpired } from './token';

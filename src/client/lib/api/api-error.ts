import type { FetchBaseQueryError } from '@reduxjs/toolkit/query';

function isFetchError(error: unknown): error is FetchBaseQueryError {
  return typeof error === 'object' && error !== null && 'status' in error;
}

/**
 * What a failed call says to the administrator (docs/product.md#error-catalogue): the server's `message` when it sent
 * one, otherwise the page's own fallback; a request that never reached the server may have a
 * message of its own ('Something went wrong. Try again.').
 */
export function apiErrorMessage(error: unknown, fallback: string, networkFailure: string = fallback): string {
  if (!isFetchError(error)) return fallback;
  if (error.status === 'FETCH_ERROR' || error.status === 'TIMEOUT_ERROR') return networkFailure;
  const data = error.data as { message?: unknown } | null | undefined;
  if (data && typeof data === 'object' && typeof data.message === 'string' && data.message.trim() !== '') return data.message;
  return fallback;
}

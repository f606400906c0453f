import type { BaseQueryApi, FetchBaseQueryError, QueryReturnValue } from '@reduxjs/toolkit/query';
import type { ThunkExtra } from './base-api';

/** How far an upload is: bytes of the request body sent so far, of `total` (null when the browser cannot tell). */
export interface UploadProgress {
  loaded: number;
  total: number | null;
}

export interface UploadRequest {
  /** Path under the API's base address. */
  url: string;
  method?: 'POST' | 'PUT';
  body: FormData;
  onProgress?: (progress: UploadProgress) => void;
}

function readBody(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * A multipart upload for a `queryFn`, sent with XMLHttpRequest because fetch reports no upload
 * progress. It answers as fetchBaseQuery does (the parsed body, or `{ status, data }` with the
 * server's message, `FETCH_ERROR` when no answer came), carries the bearer token as the other
 * calls do, tells the session of a 401 to that token, and is cancelled with RTK Query's signal.
 */
export function uploadWithProgress<T>({ url, method = 'POST', body, onProgress }: UploadRequest, api: BaseQueryApi): Promise<QueryReturnValue<T, FetchBaseQueryError, undefined>> {
  const { apiBaseUrl, getToken, onUnauthorized, createXhr } = api.extra as ThunkExtra;
  const token = getToken?.() ?? null;
  const xhr = createXhr ? createXhr() : new XMLHttpRequest();
  return new Promise((resolve) => {
    const failed = (error: string) => resolve({ error: { status: 'FETCH_ERROR', error } });
    if (api.signal.aborted) return failed('AbortError: the upload was cancelled');
    xhr.open(method, apiBaseUrl + url);
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    xhr.upload.onprogress = (event) => onProgress?.({ loaded: event.loaded, total: event.lengthComputable ? event.total : null });
    xhr.onload = () => {
      const data = readBody(xhr.responseText);
      if (xhr.status >= 200 && xhr.status < 300) return resolve({ data: data as T });
      if (xhr.status === 401 && token !== null) onUnauthorized?.(token);
      resolve({ error: { status: xhr.status, data } });
    };
    xhr.onerror = () => failed('TypeError: the upload failed before the server answered');
    xhr.ontimeout = () => failed('TimeoutError: the upload timed out');
    xhr.onabort = () => failed('AbortError: the upload was cancelled');
    api.signal.addEventListener('abort', () => xhr.abort(), { once: true });
    xhr.send(body);
  });
}

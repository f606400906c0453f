import type { ImportJob } from '../../../shared/contract/imports';
import { baseApi } from '../../lib/api/base-api';
import { uploadWithProgress, type UploadProgress } from '../../lib/api/upload-with-progress';

/** The import calls (bearer token); the job is polled while it runs. */
const importApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    // Sent with XMLHttpRequest: an export of a large site takes a while, and its upload shows how far it is.
    uploadExport: build.mutation<ImportJob, { form: FormData; onProgress: (progress: UploadProgress) => void }>({
      queryFn: ({ form, onProgress }, api) => uploadWithProgress<ImportJob>({ url: '/api/import', body: form, onProgress }, api),
    }),
    startImport: build.mutation<ImportJob, string>({ query: (id) => ({ url: `/api/import/${encodeURIComponent(id)}/start`, method: 'POST' }) }),
    getImport: build.query<ImportJob, string>({ query: (id) => `/api/import/${encodeURIComponent(id)}` }),
  }),
});

export const { useUploadExportMutation, useStartImportMutation, useGetImportQuery } = importApi;

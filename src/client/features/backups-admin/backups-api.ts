import type { BackupsOverview } from '../../../shared/contract/backups';
import { baseApi } from '../../lib/api/base-api';

/** The owner's backups (bearer token): the overview, and an archive fetched for saving. */
const backupsApi = baseApi.injectEndpoints({
  endpoints: (build) => ({
    getBackups: build.query<BackupsOverview, void>({ query: () => '/api/backups' }),
    // A mutation, not a query: the archive is fetched when asked for, never cached. It answers an
    // object URL (a string the store can hold) that the page hands to a link and then revokes.
    downloadBackup: build.mutation<string, string>({
      query: (name) => ({ url: `/api/backups/${encodeURIComponent(name)}`, responseHandler: async (response) => (response.ok ? URL.createObjectURL(await response.blob()) : response.json()) }),
    }),
  }),
});

export const { useGetBackupsQuery, useDownloadBackupMutation } = backupsApi;

import { api } from '../../shared/api';
import type { DataExport, DataExportBody } from './types';

/** §7 POST export {startDate, endDate}: the archive. It changes no read model, so it invalidates nothing. */
export const dataExportsApi = api.injectEndpoints({
  endpoints: (build) => ({
    generateDataExport: build.mutation<DataExport, DataExportBody>({
      query: (body) => ({ url: 'export', method: 'POST', body }),
    }),
  }),
});

export const { useGenerateDataExportMutation } = dataExportsApi;

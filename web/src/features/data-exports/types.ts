/** §7 POST export: the range, both dates included. */
export interface DataExportBody {
  startDate: string;
  endDate: string;
}

/** The archive (a zip in base64) and the name to save it under; `files` counts each CSV file's rows. */
export interface DataExport {
  exportId: string;
  fileName: string;
  archive: string;
  files: { name: string; rows: number }[];
}

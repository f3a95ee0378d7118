// The CSV upload's size limit (docs/rules.md#9-csv-import): the API refuses a larger file, and the import
// dialogs refuse it before uploading it, with the same message; likewise an upload without a file.

/** The refusal of an import without a file. */
export const NO_FILE_MESSAGE = 'Please select a file';

/** The largest CSV file an import takes: 2 MiB. */
export const MAX_UPLOAD_BYTES = 2 * 1024 * 1024;

/** The refusal of a file over the limit, naming the limit. */
export const FILE_TOO_LARGE_MESSAGE = `The file is larger than ${MAX_UPLOAD_BYTES / 1024 / 1024} MiB`;

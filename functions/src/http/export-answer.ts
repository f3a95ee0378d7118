import { randomUUID } from 'node:crypto';
import { exportsConfigSchema, settingsSection } from '../config';
import { attachment } from '../exports/csv-writer';
import { dataObjectLink, EXPORT_FILES_PREFIX, putDataObject } from '../lib/data-bucket';
import type { ApiResult } from './response';

const exportSettings = settingsSection('Exports', exportsConfigSchema);

const CSV_TYPE = 'text/csv; charset=utf-8';

/**
 * A CSV export's answer (docs/api.md#csv-exports): the file itself, or, from EXPORT_LINK_FROM_BYTES
 * (5 MB), a link to it in the data bucket, valid 15 minutes: Lambda answers at most 6 MB, and a
 * dashboard export of 100,000 products is about 14 MB. Each file gets a key of its own.
 */
export async function exportAnswer(
  csv: string,
  name: string,
  now = new Date(),
): Promise<ApiResult<string | { success: true; download_url: string }, 200>> {
  const disposition = attachment(name, now);
  const bytes = Buffer.from(csv);
  if (bytes.length < exportSettings().EXPORT_LINK_FROM_BYTES)
    return { body: csv, headers: { 'content-disposition': disposition } };
  const key = `${EXPORT_FILES_PREFIX}${randomUUID()}.csv`;
  await putDataObject(key, bytes, CSV_TYPE);
  return { body: { success: true, download_url: await dataObjectLink(key, disposition, CSV_TYPE) } };
}

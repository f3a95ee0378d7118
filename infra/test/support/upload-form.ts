import type { TestStack } from './test-stack';

/** What `POST /api/imports/uploads` hands out: the upload's id and the form that sends its file. */
export interface UploadSlot {
  success: boolean;
  upload_id: string;
  upload: { url: string; fields: Record<string, string> };
  error?: string;
}

type Kind = 'products' | 'competitor-urls';

/** Asks for an upload slot, as the import dialogs do for a large file. */
export const askUpload = (stack: TestStack, token: string, kind: Kind, filename: string, size: number) =>
  stack.send<UploadSlot>('POST', '/api/imports/uploads', { token, body: { kind, filename, size } });

/** Sends `content` with the upload's form, as the browser does; `change` alters the form first. */
export async function sendWithForm(
  stack: TestStack,
  upload: UploadSlot['upload'],
  content: string | Uint8Array<ArrayBuffer>,
  { type = 'text/csv', change = {} }: { type?: string; change?: Record<string, string> } = {},
) {
  const form = new FormData();
  for (const [name, value] of Object.entries({ ...upload.fields, ...change })) form.append(name, value);
  form.append('file', new Blob([content], { type }), 'file.csv');
  const response = await fetch(upload.url, { method: 'POST', body: form, headers: { origin: stack.url } });
  return {
    status: response.status,
    text: await response.text(),
    cors: response.headers.get('access-control-allow-origin'),
  };
}

/** Uploads a CSV file through a slot; its upload id, for `{ upload_id }` imports. */
export async function uploadCsv(stack: TestStack, token: string, kind: Kind, csv: string): Promise<string> {
  const { status, body } = await askUpload(stack, token, kind, `${kind}.csv`, Buffer.byteLength(csv));
  if (status !== 201) throw new Error(`No upload slot: ${status} ${JSON.stringify(body)}`);
  const sent = await sendWithForm(stack, body.upload, csv);
  if (sent.status !== 204) throw new Error(`The file was not sent: ${sent.status} ${sent.text}`);
  return body.upload_id;
}

import { describe, expect, it } from 'vitest';
import { signedInStack } from '../support/signed-in-stack';
import { askUpload, sendWithForm } from '../support/upload-form';

/**
 * Large CSV files go straight to storage (docs/api.md#uploads): POST /api/imports/uploads hands out a
 * presigned form for one key; the file is sent there (the local S3 stand-in checks the form's policy
 * as S3 does); the import and its preview name the upload.
 */
const { stack, token } = await signedInStack();

const productsCsv = (skus: string[]) =>
  ['SKU,Product Name,Current Price', ...skus.map((sku, i) => `${sku},Uploaded product ${i},${10 + i}`)].join(
    '\n',
  );

const newUpload = (kind: 'products' | 'competitor-urls', filename: string, size: number) =>
  askUpload(stack, token, kind, filename, size);
const send = (...args: Parameters<typeof sendWithForm> extends [unknown, ...infer Rest] ? Rest : never) =>
  sendWithForm(stack, ...args);

const importByUpload = (path: string, uploadId: string) =>
  stack.send<{ success: boolean; imported?: number; error?: string; new_products?: unknown[] }>(
    'POST',
    path,
    {
      token,
      body: { upload_id: uploadId },
    },
  );

describe('a large import through an upload', () => {
  it('imports a file sent with the form, previews it first, and takes each upload once', async () => {
    const csv = productsCsv(['UP-1', 'UP-2', 'UP-3']);
    const { status, body } = await newUpload('products', 'catalogue.csv', csv.length);
    const sent = await send(body.upload, csv);
    const preview = await importByUpload('/api/products/import/preview', body.upload_id);
    const imported = await importByUpload('/api/products/import', body.upload_id);
    const again = await importByUpload('/api/products/import', body.upload_id);
    const other = await importByUpload('/api/competitor-urls/import', body.upload_id);
    const products = (await stack.api('GET /api/products', { token, query: { search: 'UP-' } })).body
      .products;

    expect(status).toBe(201);
    expect(body.upload.fields).toMatchObject({
      key: `uploads/${body.upload_id}.csv`,
      'Content-Type': 'text/csv',
    });
    expect(JSON.parse(Buffer.from(body.upload.fields.Policy ?? '', 'base64').toString()).conditions).toEqual(
      expect.arrayContaining([['content-length-range', 1, 50 * 1024 * 1024]]),
    );
    expect([sent.status, sent.cors]).toEqual([204, '*']);
    expect([preview.status, preview.body.new_products]).toEqual([200, expect.any(Array)]);
    expect(preview.body.new_products).toHaveLength(3);
    expect([imported.status, imported.body.imported]).toEqual([200, 3]);
    expect([again.status, again.body.error]).toEqual([
      409,
      `Upload ${body.upload_id} was imported already: upload the file again to import it again`,
    ]);
    expect([other.status, other.body.error]).toEqual([404, `Upload ${body.upload_id} not found`]);
    expect(products.map((product) => product.sku).sort()).toEqual(['UP-1', 'UP-2', 'UP-3']);
  });

  it('refuses a file too large, of another type, or sent to another key, and an import before the file', async () => {
    const { body } = await newUpload('products', 'big.csv', 1000);
    const tooLarge = await send(body.upload, new Uint8Array(50 * 1024 * 1024 + 1));
    const otherType = await send(body.upload, 'SKU\nX', {
      type: 'text/plain',
      change: { 'Content-Type': 'text/plain' },
    });
    const otherKey = await send(body.upload, productsCsv(['K-1']), {
      change: { key: 'uploads/someone-else.csv' },
    });
    const extraField = await send(body.upload, productsCsv(['K-1']), { change: { acl: 'public-read' } });
    const early = await importByUpload('/api/products/import', body.upload_id);
    const askedTooLarge = await newUpload('products', 'huge.csv', 50 * 1024 * 1024 + 1);
    const notCsv = await newUpload('products', 'catalogue.xlsx', 10);

    expect([tooLarge.status, tooLarge.text]).toEqual([400, expect.stringContaining('EntityTooLarge')]);
    expect([otherType.status, otherType.text]).toEqual([
      403,
      expect.stringContaining('Policy Condition failed'),
    ]);
    expect([otherKey.status, otherKey.text]).toEqual([403, expect.stringContaining('"$key"')]);
    expect([extraField.status, extraField.text]).toEqual([
      403,
      expect.stringContaining('Extra input fields: acl'),
    ]);
    expect([early.status, early.body.error]).toEqual([
      400,
      `Upload ${body.upload_id} has no file yet: send the file with the upload's form first`,
    ]);
    expect([askedTooLarge.status, askedTooLarge.body.error]).toEqual([413, 'The file is larger than 50 MB']);
    expect([notCsv.status, notCsv.body.error]).toEqual([400, 'filename must end in .csv']);
  });

  it('answers 404 for an upload it never handed out and 400 for an id that is not one', async () => {
    const unknown = await importByUpload('/api/products/import', '00000000-0000-4000-8000-000000000000');
    const malformed = await importByUpload('/api/products/import', 'not-an-id');

    expect([unknown.status, unknown.body.error]).toEqual([
      404,
      'Upload 00000000-0000-4000-8000-000000000000 not found',
    ]);
    expect([malformed.status, malformed.body.error]).toEqual([
      400,
      'upload_id must be the id POST /api/imports/uploads answered',
    ]);
  });
});

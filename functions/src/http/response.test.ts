import { gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { keepSerialised } from '../lib/kept-json';
import { jsonParts, MAX_UNCOMPRESSED_BYTES, toHttpResponse, toHttpResponseInParts } from './response';

describe('toHttpResponse', () => {
  const large = {
    success: true,
    items: Array.from({ length: 200 }, (_, i) => ({ id: i, name: `Item ${i}` })),
  };

  it('gzips large JSON for clients that accept it, base64-encoded for API Gateway', () => {
    const response = toHttpResponse({ body: large }, 'gzip, deflate, br');

    expect(response.headers?.['content-encoding']).toBe('gzip');
    expect(response.isBase64Encoded).toBe(true);
    expect(JSON.parse(gunzipSync(Buffer.from(response.body ?? '', 'base64')).toString())).toEqual(large);
  });

  it('sends small bodies and bodies for clients without gzip as plain JSON', () => {
    expect(toHttpResponse({ body: { success: true } }, 'gzip').body).toBe('{"success":true}');
    expect(toHttpResponse({ body: large }, '').headers?.['content-encoding']).toBeUndefined();
  });

  it('refuses to send JSON past Lambda’s 6 MB uncompressed, and gzips it for clients that ask', () => {
    const huge = { success: true, text: 'x'.repeat(MAX_UNCOMPRESSED_BYTES) };

    const plain = toHttpResponse({ body: huge }, '');
    const gzipped = toHttpResponse({ body: huge }, 'gzip');

    expect(plain.statusCode).toBe(406);
    expect(JSON.parse(plain.body ?? '')).toEqual({
      success: false,
      error: 'This answer is too large to send uncompressed: ask for it with Accept-Encoding: gzip',
    });
    expect(gzipped.statusCode).toBe(200);
    expect(Buffer.byteLength(gzipped.body ?? '')).toBeLessThan(MAX_UNCOMPRESSED_BYTES);
  });

  it('keeps the status and never lets the answer be cached', () => {
    const response = toHttpResponse({ status: 409, body: { success: false, error: 'Taken' } });

    expect(response.statusCode).toBe(409);
    expect(response.headers?.['cache-control']).toBe('no-store');
  });

  it('sends a CSV route’s text as it is, as text/csv, gzipped when large; its 406 stays JSON', () => {
    const csv = `\uFEFFSKU,Name\r\n${'K-1,Kettle\r\n'.repeat(200)}`;
    const disposition = { 'content-disposition': 'attachment; filename="x.csv"' };

    const plain = toHttpResponse({ body: csv, headers: disposition }, '', 'text/csv');
    const gzipped = toHttpResponse({ body: csv, headers: disposition }, 'gzip', 'text/csv');
    const tooLarge = toHttpResponse(
      { body: 'x'.repeat(MAX_UNCOMPRESSED_BYTES + 1), headers: disposition },
      '',
      'text/csv',
    );

    expect(plain.body).toBe(csv);
    expect(plain.headers).toMatchObject({ 'content-type': 'text/csv; charset=utf-8', ...disposition });
    expect(gunzipSync(Buffer.from(gzipped.body ?? '', 'base64')).toString()).toBe(csv);
    expect(tooLarge.statusCode).toBe(406);
    expect(tooLarge.headers?.['content-type']).toBe('application/json; charset=utf-8');
    expect(tooLarge.headers?.['content-disposition']).toBeUndefined();
  });
});

describe('toHttpResponseInParts', () => {
  const rows = (count: number) =>
    Array.from({ length: count }, (_, i) => ({
      id: i,
      name: `Kettle ‘${i}’ £`,
      price: i / 3,
      gone: undefined,
    }));

  /** The text of jsonParts' parts, strings and UTF-8 alike. */
  const textOf = (parts: Iterable<string | Buffer>) =>
    Buffer.concat([...parts].map((part) => (typeof part === 'string' ? Buffer.from(part) : part))).toString();

  it('serialises exactly as JSON.stringify, whatever the shape', () => {
    const bodies: unknown[] = [
      { success: true, products: rows(1_201) },
      rows(1_000),
      rows(500),
      { success: true, products: [], page: { size: 0, rows: rows(501) }, skipped: undefined, f: () => 1 },
      { when: new Date(0), nested: { deep: rows(600) }, text: 'x', none: null },
      {},
      [],
      'text',
      null,
    ];

    for (const body of bodies) expect(textOf(jsonParts(body))).toBe(JSON.stringify(body));
  });

  it('serialises kept elements once per group and reuses their JSON while the group holds them', () => {
    const list = rows(1_200);
    // Groups of 100 from the 400th element on; the others are not kept.
    for (const [i, row] of list.entries()) if (i >= 400 && i < 900) keepSerialised(row, Math.floor(i / 100));
    const first = [...jsonParts({ success: true, products: list })];
    // Kept elements are never changed; were one changed, its group's first JSON would still be sent.
    (list[500] as { name: string }).name = 'changed';
    // A group given another element is serialised again; the other groups are not.
    const replacement = { ...(list[650] as object), name: 'replaced' };
    keepSerialised(replacement, 6);
    list[650] = replacement as (typeof list)[number];

    const again = [...jsonParts({ success: true, products: list })];

    const products = JSON.parse(textOf(again)).products;
    expect(products[500].name).toBe('Kettle ‘500’ £');
    expect(products[650].name).toBe('replaced');
    expect(products).toHaveLength(1_200);
    const groupsOf = (parts: (string | Buffer)[]) => parts.filter((part) => Buffer.isBuffer(part));
    expect(groupsOf(first)).toHaveLength(5);
    expect(groupsOf(again).map((json, i) => json === groupsOf(first)[i])).toEqual([
      true,
      true,
      false,
      true,
      true,
    ]);
  });

  it('sends large lists in small parts, and the same answer once gunzipped', async () => {
    const body = { success: true, products: rows(2_000) };

    const parts = [...jsonParts(body)];
    const response = await toHttpResponseInParts({ body, headers: { 'x-kept': '1' } }, 'gzip');

    expect(Math.max(...parts.map((part) => part.length))).toBeLessThan(JSON.stringify(body).length / 3);
    expect(response).toMatchObject({
      statusCode: 200,
      isBase64Encoded: true,
      headers: {
        'content-encoding': 'gzip',
        'content-type': 'application/json; charset=utf-8',
        'x-kept': '1',
      },
    });
    expect(gunzipSync(Buffer.from(response.body ?? '', 'base64')).toString()).toBe(JSON.stringify(body));
  });

  it('answers as toHttpResponse does without gzip, for small bodies, and past Lambda’s limit', async () => {
    const huge = { success: true, rows: Array.from({ length: 1_000 }, () => 'x'.repeat(7_000)) };

    for (const [body, encoding] of [
      [{ success: true, products: rows(2_000) }, ''],
      [{ success: true }, 'gzip'],
      [huge, ''],
    ] as const)
      expect(await toHttpResponseInParts({ body }, encoding)).toEqual(toHttpResponse({ body }, encoding));
  });
});

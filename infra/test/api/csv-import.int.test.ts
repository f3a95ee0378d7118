import { routeRequest } from '@cmp/shared';
import { beforeAll, describe, expect, it } from 'vitest';
import { signedInStack } from '../support/signed-in-stack';

const { stack, token } = await signedInStack();
const importProducts = (content: string | Uint8Array, name = 'products.csv') =>
  stack.upload('POST /api/products/import', token, { name, content });
const importUrls = (content: string) =>
  stack.upload('POST /api/competitor-urls/import', token, { name: 'urls.csv', content });
const products = async () => (await stack.api('GET /api/products', { token })).body.products;

describe('products CSV import', () => {
  it('reads quoted fields, commas and line breaks inside quotes, CRLF, a BOM and headers in any case', async () => {
    const csv =
      '\uFEFF sku ,PRODUCT NAME, Current Price ,cost,Category\r\n' +
      'Q-1,"Kettle, steel",19.99,12,Kitchen\r\n' +
      'Q-2,"Mug ""Big""\nwith handle",4.5,,Kitchen\r\n' +
      'Q-3,Lamp,30,,\r\n';

    const { status, body } = await importProducts(csv);
    const imported = (await products()).filter((p) => p.sku.startsWith('Q-'));

    expect(status).toBe(200);
    // A line break is read as part of its quoted cell, and a name may not hold one.
    expect(body).toEqual({
      success: true,
      imported: 2,
      errors: ['Row 3: Product Name contains characters that are not allowed'],
    });
    expect(imported.map((p) => [p.sku, p.name, p.current_price, p.cost, p.category?.name ?? null])).toEqual([
      ['Q-1', 'Kettle, steel', 19.99, 12, 'Kitchen'],
      ['Q-3', 'Lamp', 30, null, null],
    ]);
  });

  it('reports each bad row by number and field, and imports the good ones', async () => {
    const csv = [
      'SKU,Product Name,Current Price,Cost',
      'R-1,Good,10,5',
      ',No SKU,10,',
      'R-3,,10,',
      'R-4,Bad price,-3,',
      'R-5,Bad cost,10,abc',
      'R-6,Too precise,10.999,',
      'R-1,Duplicate,11,',
      'R-8,Also good,8,',
    ].join('\n');

    const { body } = await importProducts(csv);

    expect(body).toEqual({
      success: true,
      imported: 2,
      errors: [
        'Row 3: SKU is required',
        'Row 4: Product Name is required',
        'Row 5: Current Price must be a number ≥ 0',
        'Row 6: Cost must be a number ≥ 0',
        'Row 7: Current Price must have at most 2 decimals',
        'Row 8: SKU "R-1" already appears on row 2',
      ],
    });
  });

  it('upserts by SKU: the same file twice changes nothing, a changed price updates the product', async () => {
    const csv = 'SKU,Product Name,Current Price\nU-1,Upsert me,10\nU-2,Leave me,20\n';
    await importProducts(csv);
    const before = (await products()).filter((p) => p.sku.startsWith('U-'));

    const again = await importProducts(csv);
    const same = (await products()).filter((p) => p.sku.startsWith('U-'));
    await importProducts('SKU,Product Name,Current Price\nu-1,Upsert me,12\n');
    const after = (await products()).filter((p) => p.sku.startsWith('U-'));

    expect(again.body).toMatchObject({ imported: 2 });
    expect(same).toEqual(before);
    expect(after.find((p) => p.sku === 'U-1')?.current_price).toBe(12);
    expect(after.find((p) => p.sku === 'U-2')).toEqual(before.find((p) => p.sku === 'U-2'));
    expect(after).toHaveLength(2);
  });

  it('matches a SKU spelled with a combining accent to the product spelled composed', async () => {
    await importProducts('SKU,Product Name,Current Price\nCAF\u00C9-CSV,Caf\u00E9 kettle,10\n');

    const { body } = await importProducts(
      'SKU,Product Name,Current Price\nCAFE\u0301-CSV,Cafe\u0301 kettle,12\n',
    );
    const matching = (await products()).filter((p) => p.sku.startsWith('CAF'));

    expect(body).toEqual({ success: true, imported: 1, errors: [] });
    expect(matching.map((p) => [p.sku, p.name, p.current_price])).toEqual([
      ['CAF\u00C9-CSV', 'Caf\u00E9 kettle', 12],
    ]);
  });

  it('refuses control and bidirectional-override characters in each text column, naming the column', async () => {
    const csv = [
      'SKU,Product Name,Current Price,Category',
      'TXT-1,Kettle \u202Egpj.exe,1,',
      'TXT-2\u0000,Kettle,1,',
      'TXT-3,Kettle,1,Kit\u2067chen',
      'TXT-4,Kettle\tsteel,1,',
      'TXT-5,Fine kettle,1,',
    ].join('\n');

    const { body } = await importProducts(csv);

    expect(body).toEqual({
      success: true,
      imported: 1,
      errors: [
        'Row 2: Product Name contains characters that are not allowed',
        'Row 3: SKU contains characters that are not allowed',
        'Row 4: Category contains characters that are not allowed',
        'Row 5: Product Name contains characters that are not allowed',
      ],
    });
    expect((await products()).filter((p) => p.sku.startsWith('TXT-')).map((p) => p.sku)).toEqual(['TXT-5']);
  });

  it('creates a category once when many rows name it', async () => {
    await importProducts('SKU,Product Name,Current Price,Category\nC-1,A,1,Garden\nC-2,B,2,garden\n');

    const categories = (await stack.api('GET /api/categories', { token })).body.categories;

    expect(categories.filter((c) => c.name.toLowerCase() === 'garden')).toEqual([
      expect.objectContaining({ name: 'Garden', _count: { products: 2 } }),
    ]);
  });

  it('refuses a category name over 100 characters on its row, and saves nothing of that row', async () => {
    const longName = 'K'.repeat(101);
    const csv = `SKU,Product Name,Current Price,Category\nK-1,Long,1,${longName}\nK-2,Fine,2,${'k'.repeat(100)}\n`;

    const { status, body } = await importProducts(csv);
    const categories = (await stack.api('GET /api/categories', { token })).body.categories;

    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      imported: 1,
      errors: ['Row 2: Category must be at most 100 characters'],
    });
    expect((await products()).filter((p) => p.sku.startsWith('K-')).map((p) => p.sku)).toEqual(['K-2']);
    expect(categories.some((c) => c.name === longName)).toBe(false);
  });

  it.each([
    [
      'a missing required column',
      'SKU,Product Name\nM-1,Missing price\n',
      400,
      'Missing column: Current Price',
    ],
    [
      'an unterminated quote',
      'SKU,Product Name,Current Price\nM-2,"Open,1\n',
      400,
      'The file has a quoted field that never ends',
    ],
    ['an empty file', '', 400, 'The file is empty'],
  ])('refuses %s with a clear message and imports nothing', async (_, csv, status, message) => {
    const count = (await products()).length;

    const answer = await importProducts(csv);

    expect(answer.status).toBe(status);
    expect(answer.body).toEqual({ success: false, error: message });
    expect((await products()).length).toBe(count);
  });

  it('refuses a request without a file, a JSON body that names no upload, and another body', async () => {
    const form = new FormData();
    const noFile = await fetch(`${stack.url}/api/products/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });
    const json = await stack.send('POST', '/api/products/import', { token, body: { rows: [] } });
    const text = await fetch(`${stack.url}/api/products/import`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}`, 'content-type': 'text/plain' },
      body: 'SKU,Product Name,Current Price',
    });

    expect(noFile.status).toBe(400);
    expect(await noFile.json()).toEqual({ success: false, error: 'Please select a file' });
    // JSON names a file uploaded to storage (docs/api.md#uploads); anything else is no upload at all.
    expect([json.status, (json.body as { error: string }).error]).toEqual([
      400,
      'upload_id must be the id POST /api/imports/uploads answered; Unrecognized key: "rows"',
    ]);
    expect([text.status, ((await text.json()) as { error: string }).error]).toEqual([
      415,
      'Upload the file as multipart/form-data',
    ]);
  });
});

describe.each([
  {
    route: 'POST /api/products/import' as const,
    header: 'SKU,Product Name,Current Price',
    row: (i: number) => `LIM-${i},Row ${i},1`,
  },
  {
    route: 'POST /api/competitor-urls/import' as const,
    header: 'SKU,Shop',
    row: (i: number) => `LIM-OWNER,https://limits.example.com/p/${i}`,
  },
])('the upload limits of $route', ({ route, header, row }) => {
  const send = (content: string | Uint8Array) => stack.upload(route, token, { name: 'limits.csv', content });
  /** Products and competitor URLs: what either import would add to. */
  const catalogueSize = async () =>
    (await products()).length +
    (await stack.api('GET /api/competitor-urls', { token })).body.competitorUrls.length;

  beforeAll(async () => {
    await importProducts('SKU,Product Name,Current Price\nLIM-OWNER,Owner of the limit URLs,1\n');
  });

  it('refuses a file that is not UTF-8 and imports nothing', async () => {
    const before = await catalogueSize();
    const latin1 = Uint8Array.from([...Buffer.from(`${header}\n${row(1)}\n`), 0xe9, ...Buffer.from('\n')]);

    const { status, body } = await send(latin1);

    expect(status).toBe(400);
    expect(body.error).toBe('The file is not UTF-8 text; save it as CSV UTF-8 and try again');
    expect(await catalogueSize()).toBe(before);
  });

  it('refuses more than 10,000 rows and imports none of them', async () => {
    const before = await catalogueSize();
    const rows = Array.from({ length: 10_001 }, (_, i) => row(i));

    const { status, body } = await send(`${header}\n${rows.join('\n')}\n`);

    expect(status).toBe(400);
    expect(body.error).toBe('The file has more than 10,000 rows');
    expect(await catalogueSize()).toBe(before);
  });

  it('refuses a file over 2 MiB with 413 and imports nothing', async () => {
    const before = await catalogueSize();
    const filler = `${header}\n${row(1)}\n${'y'.repeat(2 * 1024 * 1024)}\n`;

    const { status, body } = await send(filler);

    expect(status).toBe(413);
    expect(body.error).toBe('The file is larger than 2 MiB');
    expect(await catalogueSize()).toBe(before);
  });

  it('refuses two files in one request and imports neither', async () => {
    const before = await catalogueSize();
    const form = new FormData();
    for (const i of [1, 2]) {
      form.append('file', new Blob([`${header}\n${row(100 + i)}\n`], { type: 'text/csv' }), `part-${i}.csv`);
    }

    const response = await fetch(`${stack.url}${routeRequest(route).path}`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: form,
    });

    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ success: false, error: 'Upload one file at a time' });
    expect(await catalogueSize()).toBe(before);
  });
});

describe('a multipart body that holds more than the one file', () => {
  const BOUNDARY = 'cmp-test-boundary';
  const part = (headers: string, content: string) => `--${BOUNDARY}\r\n${headers}\r\n\r\n${content}\r\n`;
  const filePart = (sku: string, name = 'file') =>
    part(
      `Content-Disposition: form-data; name="${name}"; filename="${sku}.csv"\r\nContent-Type: text/csv`,
      `SKU,Product Name,Current Price\n${sku},Smuggled,1\n`,
    );
  const fieldPart = (name: string) => part(`Content-Disposition: form-data; name="${name}"`, 'value');
  const sendParts = (parts: string[]) =>
    fetch(`${stack.url}/api/products/import`, {
      method: 'POST',
      headers: {
        authorization: `Bearer ${token}`,
        'content-type': `multipart/form-data; boundary=${BOUNDARY}`,
      },
      body: `${parts.join('')}--${BOUNDARY}--\r\n`,
    });
  const onlyTheFile = 'Send only the file: the upload may not hold other form fields';

  it.each([
    {
      what: 'a field before the file',
      sku: 'MP-1',
      parts: (sku: string) => [fieldPart('note'), filePart(sku)],
    },
    {
      what: 'a field after the file',
      sku: 'MP-2',
      parts: (sku: string) => [filePart(sku), fieldPart('note')],
    },
    {
      what: '1,000 fields after the file',
      sku: 'MP-3',
      parts: (sku: string) => [filePart(sku), ...Array.from({ length: 1000 }, (_, i) => fieldPart(`f${i}`))],
    },
    {
      what: 'two files',
      sku: 'MP-4',
      parts: (sku: string) => [filePart(sku), filePart(`${sku}-2`)],
      error: 'Upload one file at a time',
    },
    {
      what: 'the file under another field name',
      sku: 'MP-5',
      parts: (sku: string) => [filePart(sku, 'upload')],
    },
    {
      what: 'a part that is not form-data after the file',
      sku: 'MP-6',
      parts: (sku: string) => [filePart(sku), part('Content-Disposition: attachment; name="x"', 'value')],
    },
  ])('refuses $what with 400 and imports nothing', async ({ sku, parts, error = onlyTheFile }) => {
    const response = await sendParts(parts(sku));

    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ success: false, error });
    expect((await products()).filter((p) => p.sku.startsWith(sku))).toEqual([]);
  });

  it('imports the file alone, built the same way', async () => {
    const response = await sendParts([filePart('MP-ALONE')]);

    expect(response.status).toBe(200);
    expect((await products()).filter((p) => p.sku === 'MP-ALONE')).toHaveLength(1);
  });
});

describe('competitor URLs CSV import', () => {
  it('adds each URL cell of known SKUs, named after the host, and reports unknown SKUs, bad URLs and duplicates', async () => {
    await importProducts('SKU,Product Name,Current Price\nW-1,Widget,5\nW-2,Gadget,6\n');
    const csv = [
      'sku,Shop A,Shop B',
      'W-1,https://www.shop-a.example.com/widget,https://shop-b.example.com/w1',
      'W-2,,https://shop-b.example.com/w2',
      'NOPE,https://shop-a.example.com/nope,',
      'W-2,http://192.168.1.10/admin,not a url',
      'W-1,https://www.shop-a.example.com/widget,',
    ].join('\n');

    const { body } = await importUrls(csv);
    const all = (await stack.api('GET /api/competitor-urls', { token })).body.competitorUrls;

    expect(body).toEqual({
      success: true,
      imported: 3,
      errors: [
        'Row 4: unknown SKU "NOPE"',
        'Row 5: URL must point to a public address, not a private one (http://192.168.1.10/admin)',
        'Row 5: URL must be an absolute http(s) address (not a url)',
        'Row 6: SKU "W-1" already has https://www.shop-a.example.com/widget',
      ],
    });
    expect(all.map((u) => [u.product.sku, u.competitor_name, u.url])).toEqual([
      ['W-1', 'shop-a.example.com', 'https://www.shop-a.example.com/widget'],
      ['W-1', 'shop-b.example.com', 'https://shop-b.example.com/w1'],
      ['W-2', 'shop-b.example.com', 'https://shop-b.example.com/w2'],
    ]);
  });

  it('finds the product of a SKU spelled with a combining accent, and refuses a URL with a bidirectional override', async () => {
    await importProducts('SKU,Product Name,Current Price\nCAF\u00C9-URL,Caf\u00E9 owner,5\n');

    const { body } = await importUrls(
      'SKU,Shop,Other\nCAFE\u0301-URL,https://nfc.example.com/cafe,https://nfc.example.com/\u202Eexe.txt\n',
    );

    expect(body).toEqual({
      success: true,
      imported: 1,
      errors: ['Row 2: URL contains characters that are not allowed'],
    });
  });

  it('needs a SKU column', async () => {
    const { status, body } = await importUrls('Product,URL\nW-1,https://x.example.com/\n');

    expect(status).toBe(400);
    expect(body.error).toBe('Missing column: SKU');
  });
});

// A product's optional GTIN, MPN and brand through the API and the products CSV (docs/api.md#shapes,
// docs/rules.md#9-csv-import).
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import type { RequestBody } from '@cmp/shared';
import { describe, expect, it } from 'vitest';
import { LOCAL_TABLE_NAME } from '../../local/local-env';
import { signedInStack } from '../support/signed-in-stack';

const { stack, token } = await signedInStack();
const create = (body: RequestBody<'POST /api/products'>) => stack.api('POST /api/products', { token, body });
const update = (id: number, body: RequestBody<'PUT /api/products/{id}'>) =>
  stack.api('PUT /api/products/{id}', { token, body, params: { id } });
const importProducts = (content: string) =>
  stack.upload('POST /api/products/import', token, { name: 'products.csv', content });
const bySku = async (sku: string) =>
  (await stack.api('GET /api/products', { token })).body.products.find((p) => p.sku === sku);
const BAD_GTIN = 'GTIN must be 8, 12, 13 or 14 digits with a valid check digit';

describe('a product’s GTIN and MPN through the API', () => {
  let fineProducts = 0;

  it('stores the GTIN’s digits without spaces or dashes, and shows both on the list and the dashboard', async () => {
    const created = await create({
      sku: 'GT-1',
      name: 'Kettle',
      current_price: 40,
      gtin: ' 4 006381-333931 ',
      mpn: ' WK 17 ',
    });
    const listed = await bySku('GT-1');
    const dashboard = await stack.api('GET /api/dashboard/products', { token });

    expect(created.status).toBe(201);
    expect(created.body.product).toEqual(expect.objectContaining({ gtin: '4006381333931', mpn: 'WK 17' }));
    expect(listed).toEqual(expect.objectContaining({ gtin: '4006381333931', mpn: 'WK 17' }));
    expect(dashboard.body.products.find((p) => p.sku === 'GT-1')).toEqual(
      expect.objectContaining({ gtin: '4006381333931', mpn: 'WK 17' }),
    );
  });

  it('answers null for a product without them', async () => {
    const { status, body } = await create({
      sku: 'GT-2',
      name: 'Plain',
      current_price: 1,
      gtin: '',
      mpn: '',
    });

    expect(status).toBe(201);
    expect(body.product).toEqual(expect.objectContaining({ gtin: null, mpn: null }));
  });

  it.each([
    [{ gtin: '4006381333932' }, BAD_GTIN],
    [{ gtin: '40063813339A1' }, BAD_GTIN],
    [{ gtin: '1234567' }, BAD_GTIN],
    [{ gtin: 4006381333931 }, 'GTIN must be text'],
    [{ mpn: 'M'.repeat(71) }, 'MPN must be at most 70 characters'],
    [{ mpn: 'WK\u202E17' }, 'MPN contains characters that are not allowed'],
  ])('refuses %j with 400 "%s", on create and on update', async (fields, message) => {
    const { body: fine } = await create({ sku: `GT-FINE-${++fineProducts}`, name: 'Fine', current_price: 1 });

    const added = await stack.send('POST', '/api/products', {
      token,
      body: { sku: 'GT-BAD', name: 'Bad', current_price: 1, ...fields },
    });
    const changed = await stack.send('PUT', `/api/products/${fine.product.id}`, {
      token,
      body: { sku: fine.product.sku, name: 'Fine', current_price: 1, ...fields },
    });

    const field = 'gtin' in fields ? 'gtin' : 'mpn';
    for (const answer of [added, changed]) {
      expect(answer.status).toBe(400);
      expect(answer.body).toEqual({ success: false, error: message, fields: { [field]: message } });
    }
    expect(await bySku('GT-BAD')).toBeUndefined();
  });

  it('changes and clears them with an edit', async () => {
    const { body } = await create({ sku: 'GT-3', name: 'Toaster', current_price: 20, gtin: '96385074' });

    const changed = await update(body.product.id, {
      sku: 'GT-3',
      name: 'Toaster',
      current_price: 20,
      gtin: '036000291452',
      mpn: 'TS-2',
    });
    const cleared = await update(body.product.id, {
      sku: 'GT-3',
      name: 'Toaster',
      current_price: 20,
      gtin: null,
    });

    expect(changed.body.product).toEqual(expect.objectContaining({ gtin: '036000291452', mpn: 'TS-2' }));
    expect(cleared.body.product).toEqual(expect.objectContaining({ gtin: null, mpn: null }));
  });

  it('reads a product stored before products had a GTIN as having none', async () => {
    const { body } = await create({
      sku: 'GT-OLD',
      name: 'Old',
      current_price: 1,
      gtin: '96385074',
      mpn: 'X',
    });
    await removeAttributes(body.product.id, ['gtin', 'mpn']);

    // toggle-hidden reads the item itself (the lists may still hold their kept answer).
    const { status, body: toggled } = await stack.api('PATCH /api/products/{id}/toggle-hidden', {
      token,
      params: { id: body.product.id },
    });

    expect(status).toBe(200);
    expect(toggled.product).toEqual(expect.objectContaining({ gtin: null, mpn: null }));
  });
});

describe('GTIN and MPN columns of the products CSV', () => {
  it('imports them, and reports a bad GTIN as its row’s error while the other rows import', async () => {
    const csv = [
      'SKU,Product Name,Current Price,GTIN,MPN',
      'CG-1,Kettle,10,4006381333931,WK-17',
      'CG-2,Toaster,12,4006381333932,',
      'CG-3,Lamp,8,,',
      'CG-4,Fan,9,0-36000-29145-2,F 4',
    ].join('\n');

    const { body } = await importProducts(csv);

    expect(body).toEqual({ success: true, imported: 3, errors: [`Row 3: ${BAD_GTIN}`] });
    expect(await bySku('CG-1')).toEqual(expect.objectContaining({ gtin: '4006381333931', mpn: 'WK-17' }));
    expect(await bySku('CG-2')).toBeUndefined();
    expect(await bySku('CG-3')).toEqual(expect.objectContaining({ gtin: null, mpn: null }));
    expect(await bySku('CG-4')).toEqual(expect.objectContaining({ gtin: '036000291452', mpn: 'F 4' }));
  });

  it('keeps them when a file has no GTIN or MPN column, and clears them on a blank cell', async () => {
    await importProducts(
      'SKU,Product Name,Current Price,GTIN,MPN\nCK-1,Kettle,10,96385074,K-1\nCK-2,Mug,3,96385074,M-1\n',
    );

    // A price update made with a file from before the columns existed.
    const older = await importProducts('SKU,Product Name,Current Price\nCK-1,Kettle,11\n');
    const kept = await bySku('CK-1');
    const blank = await importProducts('SKU,Product Name,Current Price,GTIN,MPN\nCK-2,Mug,3,,\n');
    const cleared = await bySku('CK-2');

    expect(older.body).toEqual({ success: true, imported: 1, errors: [] });
    expect(kept).toEqual(expect.objectContaining({ current_price: 11, gtin: '96385074', mpn: 'K-1' }));
    expect(blank.body).toEqual({ success: true, imported: 1, errors: [] });
    expect(cleared).toEqual(expect.objectContaining({ gtin: null, mpn: null }));
  });

  it('changes nothing when the same file is imported twice, and updates a product whose GTIN alone changed', async () => {
    const csv = 'SKU,Product Name,Current Price,GTIN\nCS-1,Kettle,10,96385074\n';
    await importProducts(csv);
    const before = await bySku('CS-1');

    await importProducts(csv);
    const same = await bySku('CS-1');
    await importProducts('SKU,Product Name,Current Price,GTIN\nCS-1,Kettle,10,4006381333931\n');

    expect(same).toEqual(before);
    expect(await bySku('CS-1')).toEqual(expect.objectContaining({ gtin: '4006381333931' }));
  });
});

describe('a product’s brand', () => {
  it('is stored, changed and cleared through the API, and shown on the dashboard', async () => {
    const created = await create({ sku: 'BR-1', name: 'Kettle', current_price: 40, brand: '  Acme  ' });
    const dashboard = await stack.api('GET /api/dashboard/products', { token });
    const cleared = await update(created.body.product.id, { sku: 'BR-1', name: 'Kettle', current_price: 40 });

    expect(created.body.product.brand).toBe('Acme');
    expect(dashboard.body.products.find((p) => p.sku === 'BR-1')?.brand).toBe('Acme');
    expect(cleared.body.product.brand).toBeNull();
    const refused = await stack.send('POST', '/api/products', {
      token,
      body: { sku: 'BR-2', name: 'Kettle', current_price: 1, brand: 'B'.repeat(101) },
    });
    expect(refused.body).toEqual({
      success: false,
      error: 'Brand must be at most 100 characters',
      fields: { brand: 'Brand must be at most 100 characters' },
    });
  });

  it('comes from the CSV’s Brand column, and stays when a file has none', async () => {
    await importProducts('SKU,Product Name,Current Price,Brand\nCB-1,Kettle,10,Acme\nCB-2,Mug,3,\n');
    await importProducts('SKU,Product Name,Current Price\nCB-1,Kettle,11\n');

    expect(await bySku('CB-1')).toEqual(expect.objectContaining({ current_price: 11, brand: 'Acme' }));
    expect(await bySku('CB-2')).toEqual(expect.objectContaining({ brand: null }));
  });
});

async function removeAttributes(productId: number, names: string[]) {
  const client = DynamoDBDocumentClient.from(
    new DynamoDBClient({
      endpoint: stack.dynamo.endpoint,
      region: 'local',
      credentials: { accessKeyId: 'x', secretAccessKey: 'x' },
    }),
  );
  await client.send(
    new UpdateCommand({
      TableName: LOCAL_TABLE_NAME,
      Key: { PK: `PRODUCT#${productId}`, SK: 'PRODUCT' },
      UpdateExpression: `REMOVE ${names.join(', ')}`,
    }),
  );
  client.destroy();
}

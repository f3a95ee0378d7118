import type { RequestBody } from '@cmp/shared';
import { describe, expect, it } from 'vitest';
import { signedInStack } from '../support/signed-in-stack';
import type { UploadRouteId } from '../support/test-stack';

const { stack, token } = await signedInStack();

const upload = (path: UploadRouteId, content: string) =>
  stack.upload(path, token, { name: 'products.csv', content });
const preview = (content: string) =>
  stack.upload('POST /api/products/import/preview', token, { name: 'products.csv', content });

async function seed(body: RequestBody<'POST /api/products'>) {
  const { status, body: answer } = await stack.api('POST /api/products', { token, body });
  if (status !== 201) throw new Error(`seed failed ${status}: ${JSON.stringify(answer)}`);
}

describe('products CSV import preview', () => {
  it('lists new products, old → new values of changed ones, new categories and every row error, writing nothing', async () => {
    const { body: categories } = await stack.api('POST /api/categories', {
      token,
      body: { name: 'Kitchen', description: null },
    });
    await seed({
      sku: 'PV-1',
      name: 'Kettle',
      current_price: 34.99,
      cost: 20,
      category_id: categories.category.id,
      gtin: null,
      mpn: 'K-1',
    });
    await seed({ sku: 'PV-2', name: 'Toaster', current_price: 25, cost: null, category_id: null });
    const csv = [
      'SKU,Product Name,Current Price,Cost,Category,GTIN,MPN',
      'pv-1,Kettle Deluxe,9.99,20,Garden,,K-1',
      'PV-2,Toaster,25,,kitchen,,',
      'PV-3,Lamp,12.5,7,Lighting,4006381333931,L-3',
      'PV-4,Bad price,abc,,',
      ',No SKU,3,,',
      'PV-3,Lamp again,13,,',
      'PV-5,Same as before?,1,,KITCHEN,,',
    ].join('\n');
    const before = await stack.scanTable();

    const { status, body } = await preview(csv);
    const after = await stack.scanTable();

    expect(status).toBe(200);
    expect(body).toEqual({
      success: true,
      new_products: [
        {
          row: 4,
          sku: 'PV-3',
          name: 'Lamp',
          current_price: 12.5,
          cost: 7,
          category: 'Lighting',
          gtin: '4006381333931',
          mpn: 'L-3',
          brand: null,
        },
        {
          row: 8,
          sku: 'PV-5',
          name: 'Same as before?',
          current_price: 1,
          cost: null,
          category: 'KITCHEN',
          gtin: null,
          mpn: null,
          brand: null,
        },
      ],
      changed_products: [
        {
          row: 2,
          id: expect.any(Number),
          sku: 'PV-1',
          name: 'Kettle',
          changes: [
            { field: 'name', old: 'Kettle', new: 'Kettle Deluxe' },
            { field: 'current_price', old: 34.99, new: 9.99 },
            { field: 'category', old: 'Kitchen', new: 'Garden' },
          ],
        },
        {
          row: 3,
          id: expect.any(Number),
          sku: 'PV-2',
          name: 'Toaster',
          changes: [{ field: 'category', old: null, new: 'Kitchen' }],
        },
      ],
      unchanged: 0,
      new_categories: ['Garden', 'Lighting'],
      errors: [
        { row: 5, sku: 'PV-4', message: 'Current Price must be a number ≥ 0' },
        { row: 6, sku: null, message: 'SKU is required' },
        { row: 7, sku: 'PV-3', message: 'SKU "PV-3" already appears on row 4' },
      ],
    });
    expect(after).toEqual(before);
  });

  it('foresees what the import then does, and after it the same file changes nothing', async () => {
    await seed({
      sku: 'PF-1',
      name: 'Fan',
      current_price: 40,
      cost: 10,
      category_id: null,
      gtin: '4006381333931',
    });
    // No GTIN column: the import leaves the GTIN as it is, so the preview must not list it.
    const csv = ['SKU,Product Name,Current Price,Cost', 'PF-1,Fan,39,10', 'PF-2,Heater,80,', 'PF-3,,1,'].join(
      '\n',
    );

    const first = await preview(csv);
    const imported = await upload('POST /api/products/import', csv);
    const again = await preview(csv);

    expect(first.body.changed_products.map((p) => p.changes)).toEqual([
      [{ field: 'current_price', old: 40, new: 39 }],
    ]);
    expect(first.body.new_products.map((p) => p.sku)).toEqual(['PF-2']);
    expect(imported.body).toEqual({
      success: true,
      imported: 2,
      errors: ['Row 4: Product Name is required'],
    });
    expect(again.body).toEqual({
      success: true,
      new_products: [],
      changed_products: [],
      unchanged: 2,
      new_categories: [],
      errors: [{ row: 4, sku: 'PF-3', message: 'Product Name is required' }],
    });
  });

  it('refuses what the import refuses: a file without the required columns, or no file', async () => {
    const noColumns = await preview('SKU,Name\nA,B');
    const noFile = await fetch(`${stack.url}/api/products/import/preview`, {
      method: 'POST',
      headers: { authorization: `Bearer ${token}` },
      body: new FormData(),
    });

    expect(noColumns.status).toBe(400);
    expect(noColumns.body.error).toBe('Missing columns: Product Name, Current Price');
    expect([noFile.status, ((await noFile.json()) as { error: string }).error]).toEqual([
      400,
      'Please select a file',
    ]);
  });
});

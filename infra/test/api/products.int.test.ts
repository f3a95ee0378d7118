import type { RequestBody } from '@cmp/shared';
import { describe, expect, it } from 'vitest';
import { expectOneWinsEachRace } from '../support/racing-edits';
import { signedInStack } from '../support/signed-in-stack';
import type { Answer } from '../support/test-stack';

const { stack, token } = await signedInStack();
const create = (body: RequestBody<'POST /api/products'>) => stack.api('POST /api/products', { token, body });

describe('products', () => {
  it('creates a product, trimming SKU and name, and lists it with its category', async () => {
    const category = await stack.api('POST /api/categories', {
      token,
      body: { name: 'Kettles', description: null },
    });

    const created = await create({
      sku: '  KET-100 ',
      name: ' Steel Kettle ',
      current_price: 49.99,
      cost: 30,
      category_id: category.body.category.id,
    });
    const list = await stack.api('GET /api/products', { token });

    expect(created.status).toBe(201);
    expect(list.body.success).toBe(true);
    expect(list.body.products).toContainEqual({
      id: created.body.product.id,
      sku: 'KET-100',
      name: 'Steel Kettle',
      current_price: 49.99,
      cost: 30,
      gtin: null,
      mpn: null,
      brand: null,
      category_id: category.body.category.id,
      category: { id: category.body.category.id, name: 'Kettles' },
      hidden: false,
      created_at: expect.any(String),
      updated_at: expect.any(String),
    });
  });

  it('refuses a second product with the same SKU, whatever its case or spaces, naming the SKU', async () => {
    await create({ sku: 'DUP-1', name: 'First', current_price: 1 });

    const second = await create({ sku: ' dup-1 ', name: 'Second', current_price: 2 });

    expect(second.status).toBe(409);
    const error = 'A product with SKU "dup-1" already exists';
    expect(second.body).toEqual({ success: false, error, fields: { sku: error } });
  });

  it('lets exactly one of 20 parallel creates of one SKU win', async () => {
    const answers = await Promise.all(
      Array.from({ length: 20 }, (_, i) => create({ sku: 'RACE-1', name: `Racer ${i}`, current_price: 5 })),
    );
    const list = await stack.api('GET /api/products', { token });

    expect(answers.filter((a) => a.status === 201)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409)).toHaveLength(19);
    expect(list.body.products.filter((p) => p.sku === 'RACE-1')).toHaveLength(1);
  });

  it.each([
    [{ name: 'No SKU', current_price: 1 }, 'SKU is required'],
    [{ sku: '   ', name: 'Blank SKU', current_price: 1 }, 'SKU is required'],
    [{ sku: 'N-1', current_price: 1 }, 'Name is required'],
    [{ sku: 'N-2', name: 'x'.repeat(201), current_price: 1 }, 'Name must be at most 200 characters'],
    [{ sku: 'x'.repeat(65), name: 'Long SKU', current_price: 1 }, 'SKU must be at most 64 characters'],
    [{ sku: 'P-1', name: 'Negative', current_price: -1 }, 'Current price must be a number ≥ 0'],
    [
      { sku: 'P-2', name: 'Three decimals', current_price: 1.005 },
      'Current price must have at most 2 decimals',
    ],
    [{ sku: 'P-3', name: 'Text price', current_price: 'cheap' }, 'Current price must be a number ≥ 0'],
    [{ sku: 'P-4', name: 'Bad cost', current_price: 1, cost: -5 }, 'Cost must be a number ≥ 0'],
  ])('refuses %j with 400 "%s"', async (body, message) => {
    const { status, body: answer } = await stack.send<Answer<'POST /api/products'>>('POST', '/api/products', {
      token,
      body,
    });

    expect(status).toBe(400);
    expect(answer.success).toBe(false);
    expect(answer.error).toContain(message);
  });

  it('accepts a product without cost or category, and price strings from forms', async () => {
    const { status, body } = await create({ sku: 'MIN-1', name: 'Minimal', current_price: '12.50' });

    expect(status).toBe(201);
    expect(body.product).toEqual(
      expect.objectContaining({ current_price: 12.5, cost: null, category_id: null, category: null }),
    );
  });

  it('refuses an unknown category with 400', async () => {
    const { status, body } = await create({
      sku: 'CAT-X',
      name: 'Lost',
      current_price: 1,
      category_id: 9999,
    });

    expect(status).toBe(400);
    const error = 'Category 9999 does not exist';
    expect(body).toEqual({ success: false, error, fields: { category_id: error } });
  });

  it('refuses to update a product into an unknown category, and keeps it as it was', async () => {
    const { body } = await create({ sku: 'CAT-Y', name: 'Stays put', current_price: 2 });

    const { status, body: answer } = await stack.api('PUT /api/products/{id}', {
      token,
      body: { sku: 'CAT-Y', name: 'Stays put', current_price: 2, category_id: 9999 },
      params: { id: body.product.id },
    });
    const after = (await stack.api('GET /api/products', { token })).body.products;

    expect(status).toBe(400);
    const error = 'Category 9999 does not exist';
    expect(answer).toEqual({ success: false, error, fields: { category_id: error } });
    expect(after.find((p) => p.id === body.product.id)).toEqual(
      expect.objectContaining({ category_id: null }),
    );
  });

  it('updates a product, including its SKU, and frees the old SKU', async () => {
    const { body } = await create({ sku: 'OLD-SKU', name: 'Renamed', current_price: 10 });

    const updated = await stack.api('PUT /api/products/{id}', {
      token,
      body: { sku: 'NEW-SKU', name: 'Renamed product', current_price: 11, cost: 7, category_id: null },
      params: { id: body.product.id },
    });
    const reuse = await create({ sku: 'OLD-SKU', name: 'Takes the old SKU', current_price: 1 });

    expect(updated.status).toBe(200);
    expect(updated.body.product).toEqual(
      expect.objectContaining({ sku: 'NEW-SKU', name: 'Renamed product', cost: 7 }),
    );
    expect(reuse.status).toBe(201);
  });

  it('refuses to update a product onto another product’s SKU', async () => {
    await create({ sku: 'TAKEN-1', name: 'Owner', current_price: 1 });
    const { body } = await create({ sku: 'MOVER-1', name: 'Mover', current_price: 1 });

    const moved = await stack.api('PUT /api/products/{id}', {
      token,
      body: { sku: 'taken-1', name: 'Mover', current_price: 1 },
      params: { id: body.product.id },
    });

    expect(moved.status).toBe(409);
  });

  it("deletes a product with its own price's history", async () => {
    const { body } = await create({ sku: 'GONE-1', name: 'Gone', current_price: 3 });
    const id = body.product.id;
    await stack.api('PUT /api/products/{id}', {
      token,
      body: { sku: 'GONE-1', name: 'Gone', current_price: 4 },
      params: { id },
    });
    const kept = (await stack.scanTable()).filter((item) => item.PK === `OWN_PRICES#${id}`);

    await stack.api('DELETE /api/products/{id}', { token, params: { id } });

    expect(kept).toHaveLength(1);
    expect((await stack.scanTable()).filter((item) => item.PK === `OWN_PRICES#${id}`)).toEqual([]);
  });

  it('answers 404 for a product that does not exist and 400 for an id that is not one', async () => {
    const missing = await stack.api('PUT /api/products/{id}', {
      token,
      body: { sku: 'Z', name: 'Z', current_price: 1 },
      params: { id: '424242' },
    });
    const bad = await stack.api('DELETE /api/products/{id}', { token, params: { id: 'abc' } });

    expect(missing.status).toBe(404);
    expect(bad.status).toBe(400);
  });

  it('hides and shows a product with the server’s message', async () => {
    const { body } = await create({ sku: 'HIDE-1', name: 'Shy', current_price: 1 });

    const hidden = await stack.api('PATCH /api/products/{id}/toggle-hidden', {
      token,
      params: { id: body.product.id },
    });
    const shown = await stack.api('PATCH /api/products/{id}/toggle-hidden', {
      token,
      params: { id: body.product.id },
    });

    expect(hidden.body).toEqual(
      expect.objectContaining({
        success: true,
        message: 'Product hidden from dashboard',
        product: expect.objectContaining({ hidden: true }),
      }),
    );
    expect(shown.body.message).toBe('Product visible on dashboard');
    expect(shown.body.product.hidden).toBe(false);
  });
});

describe('concurrent edits of one product', () => {
  /** SKU claims whose owner is gone or carries another SKU: each would block that SKU for good. */
  const strayClaims = async () => {
    const items = await stack.scanTable();
    const products = new Map(items.filter((i) => i.SK === 'PRODUCT').map((p) => [p.id, p]));
    return items
      .filter((i) => String(i.PK).startsWith('PRODUCT_SKU#'))
      .filter((claim) => {
        const owner = products.get(claim.owner_id);
        return !owner || claim.PK !== `PRODUCT_SKU#${String(owner.sku).trim().toUpperCase()}`;
      });
  };
  const rename = (id: number, sku: string) =>
    stack.api('PUT /api/products/{id}', {
      token,
      body: { sku, name: 'Renamed', current_price: 1 },
      params: { id },
    });

  it('answers 409 to the losing one of two concurrent renames and leaves no SKU claimed by a product without it', async () => {
    const pairs = 10;
    const ids = await Promise.all(
      Array.from(
        { length: pairs },
        async (_, i) => (await create({ sku: `RN-${i}`, name: 'Renamed', current_price: 1 })).body.product.id,
      ),
    );

    const answers = await Promise.all(
      ids.map((id, i) => Promise.all([rename(id, `RN-${i}-A`), rename(id, `RN-${i}-B`)])),
    );
    const stray = await strayClaims();
    await Promise.all(ids.map((id) => stack.api('DELETE /api/products/{id}', { token, params: { id } })));
    const recreated = await Promise.all(
      ids.flatMap((_, i) =>
        ['A', 'B'].map((s) => create({ sku: `RN-${i}-${s}`, name: 'Again', current_price: 1 })),
      ),
    );

    expect(stray).toEqual([]);
    expectOneWinsEachRace(answers, 'The product was changed by someone else; reload and try again');
    expect(recreated.map((a) => a.status)).toEqual(Array(pairs * 2).fill(201));
  });

  it('does not undo a change made while an edit was on its way', async () => {
    const { body } = await create({ sku: 'HIDE-RACE', name: 'Hidden meanwhile', current_price: 1 });
    const id = body.product.id;

    const [edit, toggle] = await Promise.all([
      stack.api('PUT /api/products/{id}', {
        token,
        body: { sku: 'HIDE-RACE', name: 'Edited', current_price: 2 },
        params: { id },
      }),
      stack.api('PATCH /api/products/{id}/toggle-hidden', { token, params: { id } }),
    ]);
    const after = (await stack.api('GET /api/products', { token })).body.products.find((p) => p.id === id);

    expect(toggle.status).toBe(200);
    expect(after?.hidden).toBe(true);
    expect(after?.name).toBe(edit.status === 200 ? 'Edited' : 'Hidden meanwhile');
  });
});

describe('look-alike text', () => {
  const nfc = 'CAF\u00C9-1';
  const nfd = 'CAFE\u0301-1';
  let fineProducts = 0;

  it('treats a SKU typed with a combining accent as the same SKU as its composed spelling', async () => {
    const composed = await create({ sku: nfc, name: 'Composed', current_price: 1 });

    const decomposed = await create({ sku: nfd, name: 'Decomposed', current_price: 1 });

    expect(composed.status).toBe(201);
    expect(decomposed.status).toBe(409);
    expect(decomposed.body.error).toBe(`A product with SKU "${nfc}" already exists`);
  });

  it('stores names in their composed form', async () => {
    const { body } = await create({
      sku: 'NFC-NAME',
      name: 'Cre\u0300me bru\u0302le\u0301e',
      current_price: 1,
    });

    expect(body.product.name).toBe('Cr\u00E8me br\u00FBl\u00E9e');
  });

  it.each([
    ['a right-to-left override', { sku: 'BIDI-1', name: 'Kettle \u202Egpj.exe' }, 'Name'],
    ['a NUL', { sku: 'NUL-1', name: 'Kettle\u0000' }, 'Name'],
    ['a tab', { sku: 'TAB-1', name: 'Steel\tKettle' }, 'Name'],
    ['a line break', { sku: 'NL-1', name: 'Steel\nKettle' }, 'Name'],
    ['an isolate in the SKU', { sku: 'ISO-\u20661', name: 'Kettle' }, 'SKU'],
    ['a control character in the SKU', { sku: 'CTL-\u00851', name: 'Kettle' }, 'SKU'],
  ])('refuses %s with the field’s message, on create and on update', async (_, fields, label) => {
    const { body: created } = await create({ sku: `FINE-${++fineProducts}`, name: 'Fine', current_price: 1 });

    const added = await create({ ...fields, current_price: 1 });
    const updated = await stack.api('PUT /api/products/{id}', {
      token,
      body: { ...fields, current_price: 1 },
      params: { id: created.product.id },
    });

    for (const answer of [added, updated]) {
      expect(answer.status).toBe(400);
      const error = `${label} contains characters that are not allowed`;
      expect(answer.body).toEqual({ success: false, error, fields: { [label.toLowerCase()]: error } });
    }
  });
});

import { describe, expect, it } from 'vitest';
import { expectOneWinsEachRace } from '../support/racing-edits';
import { signedInStack } from '../support/signed-in-stack';

const { stack, token } = await signedInStack();
const createCategory = (name: string, description: string | null = null) =>
  stack.api('POST /api/categories', { token, body: { name, description } });
const listCategories = async () => (await stack.api('GET /api/categories', { token })).body.categories;
const listProducts = async () => (await stack.api('GET /api/products', { token })).body.products;

describe('categories', () => {
  it('creates categories and lists them with their product counts', async () => {
    const toys = await createCategory('Toys', 'Games and toys');
    const books = await createCategory('Books');
    for (const sku of ['T-1', 'T-2']) {
      await stack.api('POST /api/products', {
        token,
        body: { sku, name: `Toy ${sku}`, current_price: 5, category_id: toys.body.category.id },
      });
    }

    const categories = await listCategories();

    expect(toys.status).toBe(201);
    expect(categories).toContainEqual({
      id: toys.body.category.id,
      name: 'Toys',
      description: 'Games and toys',
      _count: { products: 2 },
    });
    expect(categories).toContainEqual({
      id: books.body.category.id,
      name: 'Books',
      description: null,
      _count: { products: 0 },
    });
  });

  it('requires a name and stores an empty description as null', async () => {
    const nameless = await createCategory('   ');
    const empty = await createCategory('Garden', '');

    expect(nameless.status).toBe(400);
    expect(nameless.body.error).toBe('Category name is required');
    expect(empty.body.category.description).toBeNull();
  });

  it('refuses a second category with the same name in another case', async () => {
    await createCategory('Audio');

    const again = await createCategory('AUDIO');

    expect(again.status).toBe(409);
    expect(again.body.error).toBe('A category named "AUDIO" already exists');
  });

  it('renames a category, freeing the old name', async () => {
    const { body } = await createCategory('Kitchen');

    const renamed = await stack.api('PUT /api/categories/{id}', {
      token,
      body: { name: 'Kitchenware', description: 'Pots and pans' },
      params: { id: body.category.id },
    });
    const reuse = await createCategory('Kitchen');

    expect(renamed.body.category).toEqual(
      expect.objectContaining({ name: 'Kitchenware', description: 'Pots and pans' }),
    );
    expect(reuse.status).toBe(201);
  });

  it('refuses to rename a category to the name of another one, whatever its case', async () => {
    await createCategory('Garden');
    const { body } = await createCategory('Outdoor');

    const renamed = await stack.api('PUT /api/categories/{id}', {
      token,
      body: { name: 'garden' },
      params: { id: body.category.id },
    });

    expect(renamed.status).toBe(409);
    expect(renamed.body.error).toBe('A category named "garden" already exists');
    expect((await listCategories()).map((c) => c.name)).toEqual(
      expect.arrayContaining(['Garden', 'Outdoor']),
    );
  });

  it('deletes a category and leaves its products uncategorised', async () => {
    const { body } = await createCategory('Seasonal');
    const product = await stack.api('POST /api/products', {
      token,
      body: { sku: 'S-1', name: 'Snow globe', current_price: 9, category_id: body.category.id },
    });

    const deleted = await stack.api('DELETE /api/categories/{id}', {
      token,
      params: { id: body.category.id },
    });
    const after = (await listProducts()).find((p) => p.id === product.body.product.id);

    expect(deleted.body).toEqual({ success: true });
    expect((await listCategories()).map((c) => c.name)).not.toContain('Seasonal');
    expect(after).toEqual(expect.objectContaining({ category_id: null, category: null }));
  });

  it('answers 404 when deleting a category that does not exist', async () => {
    expect((await stack.api('DELETE /api/categories/{id}', { token, params: { id: '9999' } })).status).toBe(
      404,
    );
  });
});

describe('category text', () => {
  it.each([
    ['a right-to-left override in the name', 'Toys \u202Eskoob', null, 'Category name'],
    ['a NUL in the name', 'Toys\u0000', null, 'Category name'],
    ['a tab in the name', 'Board\tgames', null, 'Category name'],
    ['a right-to-left override in the description', 'Bidi described', 'Fun \u202Enuf', 'Description'],
    ['a NUL in the description', 'NUL described', 'Fun\u0000', 'Description'],
  ])('refuses %s with the field’s message', async (_, name, description, label) => {
    const { status, body } = await createCategory(name, description);

    const error = `${label} contains characters that are not allowed`;
    const field = label === 'Description' ? 'description' : 'name';
    expect(status).toBe(400);
    expect(body).toEqual({ success: false, error, fields: { [field]: error } });
  });

  it('keeps line breaks in a description, and stores names composed so look-alikes are one category', async () => {
    const composed = await createCategory('Caf\u00E9s', 'First line\nSecond line');

    const decomposed = await createCategory('Cafe\u0301s');

    expect(composed.status).toBe(201);
    expect(composed.body.category.description).toBe('First line\nSecond line');
    expect(decomposed.status).toBe(409);
  });
});

describe('two people renaming one category at once', () => {
  const rename = (id: number, name: string) =>
    stack.api('PUT /api/categories/{id}', { token, body: { name, description: null }, params: { id } });
  /** Name claims whose category is gone or carries another name. */
  const strayClaims = async () => {
    const items = await stack.scanTable();
    const categories = new Map(items.filter((i) => i.SK === 'CATEGORY').map((c) => [c.id, c]));
    return items
      .filter((i) => String(i.PK).startsWith('CATEGORY_NAME#'))
      .filter((claim) => {
        const owner = categories.get(claim.owner_id);
        return !owner || claim.PK !== `CATEGORY_NAME#${String(owner.name).trim().toLowerCase()}`;
      });
  };

  it('answers 409 to the losing rename and leaves no name claimed by a category without it', async () => {
    const pairs = 8;
    const ids = await Promise.all(
      Array.from({ length: pairs }, async (_, i) => (await createCategory(`Race ${i}`)).body.category.id),
    );

    const answers = await Promise.all(
      ids.map((id, i) => Promise.all([rename(id, `Race ${i} A`), rename(id, `Race ${i} B`)])),
    );
    const stray = await strayClaims();
    await Promise.all(ids.map((id) => stack.api('DELETE /api/categories/{id}', { token, params: { id } })));
    const recreated = await Promise.all(
      ids.flatMap((_, i) => ['A', 'B'].map((s) => createCategory(`Race ${i} ${s}`))),
    );

    expect(stray).toEqual([]);
    expectOneWinsEachRace(answers, 'The category was changed by someone else; reload and try again');
    expect(recreated.map((a) => a.status)).toEqual(Array(pairs * 2).fill(201));
  });
});

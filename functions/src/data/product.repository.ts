import { DeleteCommand, GetCommand, PutCommand, UpdateCommand } from '@aws-sdk/lib-dynamodb';
import { adjustCount, readCount } from './catalogue-counts.repository';
import { catalogueChanged } from './catalogue-version.repository';
import { lastIssuedId, reserveIds } from './counter.repository';
import { db, isConditionFailed, nowIso, tableName } from './dynamo';
import { countAll, queryAll, queryAllById, sortableId } from './query-all';
import { type ClaimKey, claimOwner, claimUnique, releaseUnique } from './unique-claim';

/**
 * Products at `PRODUCT#<id>`. GSI1 (`PRODUCTS`) lists the whole catalogue in id order; GSI2
 * (`PRODUCT_CATEGORY#<id>`, only when categorised) finds a category's products. A SKU is claimed
 * at `PRODUCT_SKU#<trimmed, upper-cased SKU>`, so 'abc-1' and ' ABC-1 ' are the same SKU.
 */
export interface ProductRecord {
  id: number;
  sku: string;
  name: string;
  current_price: number;
  cost: number | null;
  category_id: number | null;
  hidden: boolean;
  created_at: string;
  updated_at: string;
}

export type ProductFields = Pick<ProductRecord, 'sku' | 'name' | 'current_price' | 'cost' | 'category_id'>;

const LIST = 'PRODUCTS';
const keys = {
  product: (id: number) => ({ PK: `PRODUCT#${id}`, SK: 'PRODUCT' }),
  sku: (sku: string): ClaimKey => ({ PK: `PRODUCT_SKU#${sku.trim().toUpperCase()}`, SK: 'UNIQUE' }),
  byCategory: (categoryId: number) => `PRODUCT_CATEGORY#${categoryId}`,
};

const FIELDS = [
  'id',
  'sku',
  'name',
  'current_price',
  'cost',
  'category_id',
  'hidden',
  'created_at',
  'updated_at',
];
const projection = {
  ProjectionExpression: FIELDS.map((f) => `#${f}`).join(', '),
  ExpressionAttributeNames: Object.fromEntries(FIELDS.map((f) => [`#${f}`, f])),
};

export const skuConflict = (sku: string) => `A product with SKU "${sku}" already exists`;

/** The whole catalogue, in id order. */
export async function listProducts(): Promise<ProductRecord[]> {
  return queryAllById<ProductRecord>(LIST, await lastIssuedId('product'), {
    TableName: tableName,
    ...projection,
  });
}

/** How many products there are: the kept count, one item read. */
export async function countProducts(): Promise<number> {
  return readCount('products', countProductItems);
}

/** Counts the product items themselves (a COUNT query: no items travel); see `recount`. */
export async function countProductItems(): Promise<number> {
  return countAll({
    TableName: tableName,
    IndexName: 'GSI1',
    KeyConditionExpression: 'GSI1PK = :list',
    ExpressionAttributeValues: { ':list': LIST },
  });
}

export async function listProductsInCategory(categoryId: number): Promise<ProductRecord[]> {
  return queryAll<ProductRecord>({
    TableName: tableName,
    IndexName: 'GSI2',
    KeyConditionExpression: 'GSI2PK = :category',
    ExpressionAttributeValues: { ':category': keys.byCategory(categoryId) },
    ...projection,
  });
}

export async function getProduct(id: number): Promise<ProductRecord | undefined> {
  const { Item } = await db.send(
    new GetCommand({ TableName: tableName, Key: keys.product(id), ...projection }),
  );
  return Item as ProductRecord | undefined;
}

export async function findProductIdBySku(sku: string): Promise<number | undefined> {
  return claimOwner(keys.sku(sku));
}

/**
 * Creates products; each SKU is claimed first, so of many concurrent creates of one SKU exactly
 * one wins and the others get a ConflictError. Ids for the batch come from one counter update.
 */
export async function createProduct(fields: ProductFields, id?: number): Promise<ProductRecord> {
  const productId = id ?? (await reserveIds('product', 1));
  await claimUnique(keys.sku(fields.sku), productId, skuConflict(fields.sku.trim()));
  const now = nowIso();
  const record: ProductRecord = { ...fields, id: productId, hidden: false, created_at: now, updated_at: now };
  try {
    await put(record, 'attribute_not_exists(PK)');
  } catch (error) {
    await releaseUnique(keys.sku(fields.sku), productId);
    throw error;
  }
  await Promise.all([adjustCount('products', 1), catalogueChanged()]);
  return record;
}

/** Replaces the editable fields; a changed SKU is claimed before and the old one released after. */
export async function updateProduct(existing: ProductRecord, fields: ProductFields): Promise<ProductRecord> {
  const skuChanged = keys.sku(existing.sku).PK !== keys.sku(fields.sku).PK;
  if (skuChanged) await claimUnique(keys.sku(fields.sku), existing.id, skuConflict(fields.sku.trim()));
  const record: ProductRecord = { ...existing, ...fields, updated_at: nowIso() };
  try {
    await put(record, 'attribute_exists(PK)');
  } catch (error) {
    if (skuChanged) await releaseUnique(keys.sku(fields.sku), existing.id);
    throw error;
  }
  await catalogueChanged();
  if (skuChanged) await releaseUnique(keys.sku(existing.sku), existing.id);
  return record;
}

/** Sets visibility; returns the product as it now is. */
export async function setProductHidden(product: ProductRecord, hidden: boolean): Promise<ProductRecord> {
  const updated_at = nowIso();
  await db.send(
    new UpdateCommand({
      TableName: tableName,
      Key: keys.product(product.id),
      UpdateExpression: 'SET #hidden = :hidden, updated_at = :now',
      ConditionExpression: 'attribute_exists(PK)',
      ExpressionAttributeNames: { '#hidden': 'hidden' },
      ExpressionAttributeValues: { ':hidden': hidden, ':now': updated_at },
    }),
  );
  await catalogueChanged();
  return { ...product, hidden, updated_at };
}

/** Moves a product out of its category (the category is being deleted). */
export async function clearProductCategory(product: ProductRecord): Promise<void> {
  try {
    await db.send(
      new UpdateCommand({
        TableName: tableName,
        Key: keys.product(product.id),
        UpdateExpression: 'SET category_id = :none, updated_at = :now REMOVE GSI2PK, GSI2SK',
        ConditionExpression: 'attribute_exists(PK)',
        ExpressionAttributeValues: { ':none': null, ':now': nowIso() },
      }),
    );
    await catalogueChanged();
  } catch (error) {
    if (!isConditionFailed(error)) throw error; // deleted meanwhile: nothing to move
  }
}

export async function deleteProductItem(product: ProductRecord): Promise<void> {
  const { Attributes } = await db.send(
    new DeleteCommand({ TableName: tableName, Key: keys.product(product.id), ReturnValues: 'ALL_OLD' }),
  );
  // Counted only when this call removed it: two deletes racing must not count twice.
  if (Attributes) await Promise.all([adjustCount('products', -1), catalogueChanged()]);
  await releaseUnique(keys.sku(product.sku), product.id);
}

async function put(record: ProductRecord, condition: string): Promise<void> {
  const categoryIndex =
    record.category_id === null
      ? {}
      : { GSI2PK: keys.byCategory(record.category_id), GSI2SK: sortableId(record.id) };
  await db.send(
    new PutCommand({
      TableName: tableName,
      Item: {
        ...keys.product(record.id),
        GSI1PK: LIST,
        GSI1SK: sortableId(record.id),
        ...categoryIndex,
        type: 'product',
        ...record,
      },
      ConditionExpression: condition,
    }),
  );
}

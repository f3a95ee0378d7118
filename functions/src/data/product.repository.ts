import {
  DeleteCommand,
  GetCommand,
  PutCommand,
  type PutCommandInput,
  UpdateCommand,
} from '@aws-sdk/lib-dynamodb';
import { noteChange } from '../activity/activity-notes';
import { ConflictError } from '../domain/errors';
import { batchPut } from './batch-write';
import { readCount } from './catalogue-counts.repository';
import { catalogueWrite } from './catalogue-write';
import { lastIssuedId, reserveIds } from './counter.repository';
import { conditionHeld, db, nowIso, tableName } from './dynamo';
import { recordOwnPriceChange } from './own-price.repository';
import { projectionOf } from './projection';
import { countAll, queryAll, queryAllById, sortableId } from './query-all';
import { GSI1, GSI2 } from './table';
import {
  type Claim,
  type ClaimKey,
  claimOwner,
  claimUnique,
  releaseUnique,
  takeOverClaim,
} from './unique-claim';

/**
 * Products at `PRODUCT#<id>`. GSI1 (`PRODUCTS`) lists the whole catalogue in id order; GSI2
 * (`PRODUCT_CATEGORY#<id>`, only when categorised) finds a category's products. A SKU is claimed
 * at `PRODUCT_SKU#<trimmed, upper-cased SKU>`, so 'abc-1' and ' ABC-1 ' are the same SKU.
 * `version` goes up with every write, so an edit made from a stale read loses instead of undoing
 * the other write (items written before versions have none).
 */
export interface ProductRecord {
  id: number;
  sku: string;
  name: string;
  current_price: number;
  cost: number | null;
  /** GTIN digits; absent on items written before products had one. */
  gtin?: string | null;
  /** Manufacturer part number; absent on items written before products had one. */
  mpn?: string | null;
  /** The maker's brand; absent on items written before products had one. */
  brand?: string | null;
  category_id: number | null;
  hidden: boolean;
  created_at: string;
  updated_at: string;
  version?: number;
}

/** What a create or an edit writes: every editable field, GTIN, MPN and brand included (null for none). */
export type ProductFields = Required<
  Pick<ProductRecord, 'sku' | 'name' | 'current_price' | 'cost' | 'gtin' | 'mpn' | 'brand' | 'category_id'>
>;

/** The editable fields of a stored product, as a write takes them. */
export const productFieldsOf = (record: ProductRecord): ProductFields => ({
  sku: record.sku,
  name: record.name,
  current_price: record.current_price,
  cost: record.cost ?? null,
  gtin: record.gtin ?? null,
  mpn: record.mpn ?? null,
  brand: record.brand ?? null,
  category_id: record.category_id ?? null,
});

const LIST = 'PRODUCTS';
const SKU_CLAIM = 'PRODUCT_SKU#';
const keys = {
  product: (id: number) => ({ PK: `PRODUCT#${id}`, SK: 'PRODUCT' }),
  sku: (sku: string): ClaimKey => ({ PK: `${SKU_CLAIM}${sku.trim().toUpperCase()}`, SK: 'UNIQUE' }),
  byCategory: (categoryId: number) => `PRODUCT_CATEGORY#${categoryId}`,
};

const FIELDS = [
  'id',
  'sku',
  'name',
  'current_price',
  'cost',
  'gtin',
  'mpn',
  'brand',
  'category_id',
  'hidden',
  'created_at',
  'updated_at',
  'version',
] as const satisfies readonly (keyof ProductRecord)[];
/** What a read gives: returned as a ProductRecord, so a required field left out of FIELDS does not compile. */
type ProductRead = Pick<ProductRecord, (typeof FIELDS)[number]>;
const projection = projectionOf(FIELDS);

export const skuConflict = (sku: string) => `A product with SKU "${sku}" already exists`;
const changedMeanwhile = 'The product was changed by someone else; reload and try again';

/** The whole catalogue, in id order. */
export async function listProducts(): Promise<ProductRecord[]> {
  return queryAllById<ProductRead>(LIST, await lastIssuedId('product'), {
    TableName: tableName(),
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
    TableName: tableName(),
    IndexName: GSI1,
    KeyConditionExpression: 'GSI1PK = :list',
    ExpressionAttributeValues: { ':list': LIST },
  });
}

export async function listProductsInCategory(categoryId: number): Promise<ProductRecord[]> {
  return queryAll<ProductRead>({
    TableName: tableName(),
    IndexName: GSI2,
    KeyConditionExpression: 'GSI2PK = :category',
    ExpressionAttributeValues: { ':category': keys.byCategory(categoryId) },
    ...projection,
  });
}

/** Read consistently: an edit is conditioned on the version read here, a stale one would lose. */
export async function getProduct(id: number): Promise<ProductRecord | undefined> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.product(id), ConsistentRead: true, ...projection }),
  );
  return Item as ProductRead | undefined;
}

/** Whether a claim (from `scanClaims`, repairs only) is a SKU's. */
export const isSkuClaim = (claim: Claim) => claim.key.PK.startsWith(SKU_CLAIM);

/** The SKU a claim stands for, as its key spells it. */
export const claimedSku = (claim: Claim) => claim.key.PK.slice(SKU_CLAIM.length);

/** Whether `product` is the claim's owner and carries the SKU it stands for. */
export const holdsSkuClaim = (product: ProductRecord | undefined, claim: Claim) =>
  product?.id === claim.ownerId && keys.sku(product.sku).PK === claim.key.PK;

/**
 * Creates products; each SKU is claimed first, so of many concurrent creates of one SKU exactly
 * one wins and the others get a ConflictError. Ids for the batch come from one counter update.
 */
export async function createProduct(fields: ProductFields, id?: number): Promise<ProductRecord> {
  const productId = id ?? (await reserveIds('product', 1));
  await claimUnique(keys.sku(fields.sku), productId, skuConflict(fields.sku.trim()), 'sku');
  const record = newProductRecord(fields, productId);
  await catalogueWrite(
    async () => {
      try {
        await put(record, { ConditionExpression: 'attribute_not_exists(PK)' });
      } catch (error) {
        await releaseUnique(keys.sku(fields.sku), productId);
        throw error;
      }
    },
    { products: 1 },
  );
  return record;
}

/**
 * Replaces the editable fields of the product as `existing` read it; a changed SKU is claimed
 * before and the old one released after. When the product was written (or deleted) since that
 * read, nothing changes, the new SKU's claim is released and a ConflictError says to reload.
 */
export async function updateProduct(
  existing: ProductRecord,
  fields: ProductFields,
  /** Who or what changed it, kept with a price change: `user:<id>`, `rule:<id>`. */
  changedBy: string,
): Promise<ProductRecord> {
  const skuChanged = keys.sku(existing.sku).PK !== keys.sku(fields.sku).PK;
  if (skuChanged) await claimUnique(keys.sku(fields.sku), existing.id, skuConflict(fields.sku.trim()), 'sku');
  let record: ProductRecord | undefined;
  await catalogueWrite(
    async () => {
      try {
        record = await replaceProduct(existing, fields, changedBy);
      } catch (error) {
        if (skuChanged) await releaseUnique(keys.sku(fields.sku), existing.id);
        throw error;
      }
    },
    {},
    { kind: 'products', id: existing.id },
  );
  if (skuChanged) await releaseUnique(keys.sku(existing.sku), existing.id);
  return record as ProductRecord;
}

/**
 * Writes `fields` over the product as `existing` read it, its SKU's claim unchanged; a
 * ConflictError when the product was written (or deleted) since. A changed price goes into our
 * price history with `changedBy`. Moves neither the catalogue version nor the counts:
 * `updateProduct` does, and an import once for all its rows.
 */
export async function replaceProduct(
  existing: ProductRecord,
  fields: ProductFields,
  changedBy: string,
): Promise<ProductRecord> {
  const record: ProductRecord = {
    ...existing,
    ...fields,
    updated_at: nowIso(),
    version: (existing.version ?? 0) + 1,
  };
  if (!(await conditionHeld(put(record, unchanged(existing))))) throw new ConflictError(changedMeanwhile);
  if (record.current_price !== existing.current_price) {
    await recordOwnPriceChange(existing.id, {
      old_price: existing.current_price,
      new_price: record.current_price,
      changed_by: changedBy,
    });
    noteChange({
      target: `product ${record.sku}`,
      field: 'current_price',
      before: existing.current_price,
      after: record.current_price,
    });
  }
  return record;
}

/** A new product as it is first stored. */
export function newProductRecord(fields: ProductFields, id: number): ProductRecord {
  const now = nowIso();
  return { ...fields, id, hidden: false, created_at: now, updated_at: now, version: 1 };
}

/**
 * An import's claim on a new product's SKU for the id reserved for it: true when it holds the
 * claim. A claim no product holds is taken over when this import made it (an earlier attempt that
 * died before writing the product) or when it is older than a minute (its write is not on its way).
 */
export async function claimSkuForImport(sku: string, id: number, importId: string): Promise<boolean> {
  const key = keys.sku(sku);
  try {
    await claimUnique(key, id, skuConflict(sku), 'sku', { import_id: importId });
    return true;
  } catch (error) {
    if (!(error instanceof ConflictError)) throw error;
  }
  const owner = await claimOwner(key);
  if (owner === undefined) return false;
  const holder = await getProduct(owner);
  if (holder && keys.sku(holder.sku).PK === key.PK) return false;
  return takeOverClaim(key, owner, id, { import_id: importId }, nowIso(Date.now() - STRAY_CLAIM_AGE_MS));
}

/** A claim younger than this may belong to a write still on its way (a route Lambda lives 15 s). */
const STRAY_CLAIM_AGE_MS = 60_000;

/**
 * Writes new products 25 to a request, their SKUs claimed already (an import): the catalogue
 * version and counts are the caller's to move, once for the whole import.
 */
export async function putProductItems(records: readonly ProductRecord[]): Promise<void> {
  await batchPut(records.map(item));
}

/** Sets visibility; returns the product as it now is. */
export async function setProductHidden(product: ProductRecord, hidden: boolean): Promise<ProductRecord> {
  const updated_at = nowIso();
  await catalogueWrite(
    () =>
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.product(product.id),
          UpdateExpression: 'SET #hidden = :hidden, updated_at = :now ADD version :one',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeNames: { '#hidden': 'hidden' },
          ExpressionAttributeValues: { ':hidden': hidden, ':now': updated_at, ':one': 1 },
        }),
      ),
    {},
    { kind: 'products', id: product.id },
  );
  return { ...product, hidden, updated_at };
}

/** Moves a product out of its category (the category is being deleted). */
export async function clearProductCategory(product: ProductRecord): Promise<void> {
  const clear = () =>
    conditionHeld(
      db().send(
        new UpdateCommand({
          TableName: tableName(),
          Key: keys.product(product.id),
          UpdateExpression:
            'SET category_id = :none, updated_at = :now ADD version :one REMOVE GSI2PK, GSI2SK',
          ConditionExpression: 'attribute_exists(PK)',
          ExpressionAttributeValues: { ':none': null, ':now': nowIso(), ':one': 1 },
        }),
      ),
    );
  // Not cleared: deleted meanwhile, nothing to move.
  await catalogueWrite(clear, (cleared) => (cleared ? {} : null), { kind: 'products', id: product.id });
}

export async function deleteProductItem(product: ProductRecord): Promise<void> {
  const { Attributes } = await catalogueWrite(
    () =>
      db().send(
        new DeleteCommand({ TableName: tableName(), Key: keys.product(product.id), ReturnValues: 'ALL_OLD' }),
      ),
    // Counted only when this call removed it: two deletes racing must not count twice.
    ({ Attributes: removed }) => (removed ? { products: -1 } : null),
    { kind: 'products', id: product.id },
  );
  // The SKU the item had when it went: a rename may have landed since `product` was read.
  const sku = typeof Attributes?.sku === 'string' ? Attributes.sku : product.sku;
  await releaseUnique(keys.sku(sku), product.id);
}

/** The condition that the product is still as `read` saw it. */
function unchanged(read: ProductRecord): Condition {
  return read.version === undefined
    ? { ConditionExpression: 'attribute_exists(PK) AND attribute_not_exists(version)' }
    : { ConditionExpression: 'version = :read', ExpressionAttributeValues: { ':read': read.version } };
}

type Condition = Pick<PutCommandInput, 'ConditionExpression' | 'ExpressionAttributeValues'>;

async function put(record: ProductRecord, condition: Condition): Promise<void> {
  await db().send(new PutCommand({ TableName: tableName(), Item: item(record), ...condition }));
}

/** The item as stored: the record with its keys and index keys. */
function item(record: ProductRecord) {
  const categoryIndex =
    record.category_id === null
      ? {}
      : { GSI2PK: keys.byCategory(record.category_id), GSI2SK: sortableId(record.id) };
  return {
    ...keys.product(record.id),
    GSI1PK: LIST,
    GSI1SK: sortableId(record.id),
    ...categoryIndex,
    type: 'product',
    ...record,
  };
}

import { DeleteCommand, GetCommand, PutCommand, type PutCommandInput } from '@aws-sdk/lib-dynamodb';
import { ConflictError } from '../domain/errors';
import { catalogueWrite } from './catalogue-write';
import { nextId } from './counter.repository';
import { conditionHeld, db, nowIso, tableName } from './dynamo';
import { projectionOf } from './projection';
import { queryAll, sortableId } from './query-all';
import { GSI1 } from './table';
import { type Claim, type ClaimKey, claimOwner, claimUnique, releaseUnique } from './unique-claim';

/**
 * Categories at `CATEGORY#<id>`, all listed through GSI1 (`CATEGORIES`). Names are unique
 * regardless of case, claimed at `CATEGORY_NAME#<lower-case name>`. An edit is written on the
 * condition that the category is as it was read (its `updated_at`), so of two racing renames one
 * wins and the other gives its new name back.
 */
export interface CategoryRecord {
  id: number;
  name: string;
  description: string | null;
  created_at: string;
  updated_at: string;
}

const LIST = 'CATEGORIES';
const NAME_CLAIM = 'CATEGORY_NAME#';
const keys = {
  category: (id: number) => ({ PK: `CATEGORY#${id}`, SK: 'CATEGORY' }),
  name: (name: string): ClaimKey => ({ PK: `${NAME_CLAIM}${name.trim().toLowerCase()}`, SK: 'UNIQUE' }),
};

const FIELDS = [
  'id',
  'name',
  'description',
  'created_at',
  'updated_at',
] as const satisfies readonly (keyof CategoryRecord)[];
/** What a list read gives: returned as CategoryRecords, so a field left out of FIELDS does not compile. */
type CategoryRead = Pick<CategoryRecord, (typeof FIELDS)[number]>;

const conflict = (name: string) => `A category named "${name}" already exists`;
const changedMeanwhile = 'The category was changed by someone else; reload and try again';

/** Whether a claim is a category name's. */
export const isCategoryNameClaim = (claim: Claim) => claim.key.PK.startsWith(NAME_CLAIM);

/** The name a category-name claim stands for, in lower case as its key spells it. */
export const claimedCategoryName = (claim: Claim) => claim.key.PK.slice(NAME_CLAIM.length);

/** Whether `category` is the claim's owner and carries the name it stands for. */
export const holdsCategoryNameClaim = (category: CategoryRecord | undefined, claim: Claim) =>
  category?.id === claim.ownerId && keys.name(category.name).PK === claim.key.PK;

export async function listCategories(): Promise<CategoryRecord[]> {
  return queryAll<CategoryRead>({
    TableName: tableName(),
    IndexName: GSI1,
    KeyConditionExpression: 'GSI1PK = :list',
    ExpressionAttributeValues: { ':list': LIST },
    ...projectionOf(FIELDS),
  });
}

export async function getCategory(id: number): Promise<CategoryRecord | undefined> {
  const { Item } = await db().send(
    new GetCommand({ TableName: tableName(), Key: keys.category(id), ConsistentRead: true }),
  );
  return Item ? strip(Item) : undefined;
}

/** The id of the category with this name (any case), if one exists. */
export async function findCategoryIdByName(name: string): Promise<number | undefined> {
  return claimOwner(keys.name(name));
}

export async function createCategory(input: {
  name: string;
  description: string | null;
}): Promise<CategoryRecord> {
  const id = await nextId('category');
  await claimUnique(keys.name(input.name), id, conflict(input.name), 'name');
  const now = nowIso();
  const record: CategoryRecord = { id, ...input, created_at: now, updated_at: now };
  await catalogueWrite(() => put(record), {}, { kind: 'categories', id });
  return record;
}

export async function updateCategory(
  existing: CategoryRecord,
  input: { name: string; description: string | null },
): Promise<CategoryRecord> {
  const renamed = keys.name(existing.name).PK !== keys.name(input.name).PK;
  if (renamed) await claimUnique(keys.name(input.name), existing.id, conflict(input.name), 'name');
  const record: CategoryRecord = { ...existing, ...input, updated_at: nowIso() };
  await catalogueWrite(
    async () => {
      try {
        const written = await conditionHeld(
          put(record, {
            ConditionExpression: 'updated_at = :read',
            ExpressionAttributeValues: { ':read': existing.updated_at },
          }),
        );
        if (!written) throw new ConflictError(changedMeanwhile);
      } catch (error) {
        if (renamed) await releaseUnique(keys.name(input.name), existing.id);
        throw error;
      }
    },
    {},
    { kind: 'categories', id: existing.id },
  );
  if (renamed) await releaseUnique(keys.name(existing.name), existing.id);
  return record;
}

export async function deleteCategory(category: CategoryRecord): Promise<void> {
  await catalogueWrite(
    () => db().send(new DeleteCommand({ TableName: tableName(), Key: keys.category(category.id) })),
    {},
    { kind: 'categories', id: category.id },
  );
  await releaseUnique(keys.name(category.name), category.id);
}

async function put(
  record: CategoryRecord,
  condition: Pick<PutCommandInput, 'ConditionExpression' | 'ExpressionAttributeValues'> = {},
): Promise<void> {
  await db().send(
    new PutCommand({
      ...condition,
      TableName: tableName(),
      Item: {
        ...keys.category(record.id),
        GSI1PK: LIST,
        GSI1SK: sortableId(record.id),
        type: 'category',
        ...record,
      },
    }),
  );
}

function strip(item: Record<string, unknown>): CategoryRecord {
  const { id, name, description, created_at, updated_at } = item as unknown as CategoryRecord;
  return { id, name, description: description ?? null, created_at, updated_at };
}

import { DeleteCommand, GetCommand, PutCommand } from '@aws-sdk/lib-dynamodb';
import { catalogueWrite } from './catalogue-write';
import { nextId } from './counter.repository';
import { db, nowIso, tableName } from './dynamo';
import { queryAll, sortableId } from './query-all';
import { GSI1 } from './table';
import { type ClaimKey, claimOwner, claimUnique, releaseUnique } from './unique-claim';

/**
 * Categories at `CATEGORY#<id>`, all listed through GSI1 (`CATEGORIES`). Names are unique
 * regardless of case, claimed at `CATEGORY_NAME#<lower-case name>`.
 */
export interface CategoryRecord {
  id: number;
  name: string;
  description: string | null;
  created_at: string;
  updated_at: string;
}

const LIST = 'CATEGORIES';
const keys = {
  category: (id: number) => ({ PK: `CATEGORY#${id}`, SK: 'CATEGORY' }),
  name: (name: string): ClaimKey => ({ PK: `CATEGORY_NAME#${name.trim().toLowerCase()}`, SK: 'UNIQUE' }),
};

const conflict = (name: string) => `A category named "${name}" already exists`;

export async function listCategories(): Promise<CategoryRecord[]> {
  return queryAll<CategoryRecord>({
    TableName: tableName(),
    IndexName: GSI1,
    KeyConditionExpression: 'GSI1PK = :list',
    ExpressionAttributeValues: { ':list': LIST },
    ProjectionExpression: 'id, #name, description, created_at, updated_at',
    ExpressionAttributeNames: { '#name': 'name' },
  });
}

export async function getCategory(id: number): Promise<CategoryRecord | undefined> {
  const { Item } = await db().send(new GetCommand({ TableName: tableName(), Key: keys.category(id) }));
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
  await catalogueWrite(() => put(record), {}, { kind: 'categories', id: existing.id });
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

async function put(record: CategoryRecord): Promise<void> {
  await db().send(
    new PutCommand({
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

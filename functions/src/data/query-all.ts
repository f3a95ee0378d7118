import { QueryCommand, type QueryCommandInput } from '@aws-sdk/lib-dynamodb';
import { db } from './dynamo';
import { GSI1 } from './table';

/**
 * Runs a query to the end, one DynamoDB request per 1 MB page: listing a whole catalogue costs a
 * number of requests that depends on its size in bytes, never one request per item.
 */
export async function queryAll<T = Record<string, unknown>>(input: QueryCommandInput): Promise<T[]> {
  const items: T[] = [];
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(new QueryCommand({ ...input, ExclusiveStartKey: startKey }));
    items.push(...((page.Items ?? []) as T[]));
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return items;
}

const ID_RANGE_PARTS = 4;

/**
 * Lists a whole entity list (GSI1, sort key `sortableId(id)`) as 4 queries over id ranges
 * running at once, in id order: one query walks its 1 MB pages one after another, so 10 MB take ten
 * round trips in a row; split, they take about a quarter of that. The last range is open, so an
 * item created meanwhile (or a stale `lastId`) loses nothing. The request count stays independent
 * of the catalogue's size, apart from the pages.
 */
export async function queryAllById<T>(
  list: string,
  lastId: number,
  input: Omit<QueryCommandInput, 'IndexName' | 'KeyConditionExpression' | 'ExpressionAttributeValues'>,
): Promise<T[]> {
  const size = Math.ceil(Math.max(lastId, 1) / ID_RANGE_PARTS);
  const ranges = await Promise.all(
    Array.from({ length: ID_RANGE_PARTS }, (_, part) => {
      const from = sortableId(part * size + 1);
      const last = part === ID_RANGE_PARTS - 1;
      return queryAll<T>({
        ...input,
        IndexName: GSI1,
        KeyConditionExpression: last
          ? 'GSI1PK = :list AND GSI1SK >= :from'
          : 'GSI1PK = :list AND GSI1SK BETWEEN :from AND :to',
        ExpressionAttributeValues: {
          ':list': list,
          ':from': from,
          ...(last ? {} : { ':to': sortableId((part + 1) * size) }),
        },
      });
    }),
  );
  return ranges.flat();
}

/** Counts what a query matches, page by page, without any item travelling (Select COUNT). */
export async function countAll(input: QueryCommandInput): Promise<number> {
  let count = 0;
  let startKey: Record<string, unknown> | undefined;
  do {
    const page = await db().send(
      new QueryCommand({ ...input, Select: 'COUNT', ExclusiveStartKey: startKey }),
    );
    count += page.Count ?? 0;
    startKey = page.LastEvaluatedKey;
  } while (startKey);
  return count;
}

/** Zero-padded ids sort as numbers inside string sort keys. */
export const sortableId = (id: number) => String(id).padStart(10, '0');

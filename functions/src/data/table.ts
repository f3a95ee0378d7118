/**
 * The one definition of the application table: keys, indexes and the TTL attribute.
 * CDK builds the real table from it and the local stack creates the dynalite table from it.
 */
export const tableDefinition = {
  partitionKey: 'PK',
  sortKey: 'SK',
  /** Overloaded secondary indexes; each entity's repository documents what it puts in them. */
  globalSecondaryIndexes: [
    { indexName: 'GSI1', partitionKey: 'GSI1PK', sortKey: 'GSI1SK' },
    { indexName: 'GSI2', partitionKey: 'GSI2PK', sortKey: 'GSI2SK' },
  ],
  /** Epoch seconds; AWS deletes expired items, but code always checks expiry itself (dynalite has no TTL). */
  timeToLiveAttribute: 'expires_at',
} as const;

const [gsi1, gsi2] = tableDefinition.globalSecondaryIndexes;
/** The index names, for queries (`IndexName: GSI1`). */
export const GSI1 = gsi1.indexName;
export const GSI2 = gsi2.indexName;

/** CreateTable input for the local stand-in (on-demand, like the deployed table). */
export function createTableInput(tableName: string) {
  const { partitionKey, sortKey, globalSecondaryIndexes } = tableDefinition;
  const attributeNames = [
    partitionKey,
    sortKey,
    ...globalSecondaryIndexes.flatMap((index) => [index.partitionKey, index.sortKey]),
  ];
  return {
    TableName: tableName,
    BillingMode: 'PAY_PER_REQUEST' as const,
    AttributeDefinitions: attributeNames.map((name) => ({
      AttributeName: name,
      AttributeType: 'S' as const,
    })),
    KeySchema: [
      { AttributeName: partitionKey, KeyType: 'HASH' as const },
      { AttributeName: sortKey, KeyType: 'RANGE' as const },
    ],
    GlobalSecondaryIndexes: globalSecondaryIndexes.map((index) => ({
      IndexName: index.indexName,
      KeySchema: [
        { AttributeName: index.partitionKey, KeyType: 'HASH' as const },
        { AttributeName: index.sortKey, KeyType: 'RANGE' as const },
      ],
      Projection: { ProjectionType: 'ALL' as const },
    })),
  };
}

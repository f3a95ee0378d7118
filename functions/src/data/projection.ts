/**
 * A read of `fields` only, each through a placeholder (`name` and `status` are DynamoDB
 * reserved words). A repository types its list by its record (`as const satisfies readonly (keyof
 * Record)[]`), so a name the record lacks does not compile, and what a read gives is derived from
 * the list (`Pick<Record, (typeof FIELDS)[number]>`).
 */
export function projectionOf(fields: readonly string[]) {
  return {
    ProjectionExpression: fields.map((field) => `#${field}`).join(', '),
    ExpressionAttributeNames: Object.fromEntries(fields.map((field) => [`#${field}`, field])),
  };
}

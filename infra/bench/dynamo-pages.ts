/**
 * Counts the functions' DynamoDB requests that continue a query past a 1 MB page (they carry an
 * ExclusiveStartKey). Requests per call minus these is the number of queries an endpoint makes,
 * which must not grow with the catalogue; only the pages may.
 */
export async function watchContinuationPages(): Promise<{ count(): number }> {
  // The client the in-process handlers use (kept for the stack's settings), so it sees their requests.
  const { db } = await import('@cmp/functions/data/dynamo');
  let pages = 0;
  db().middlewareStack.add(
    (next) => async (args) => {
      if ((args.input as { ExclusiveStartKey?: unknown }).ExclusiveStartKey !== undefined) pages++;
      return next(args);
    },
    { step: 'initialize', name: 'benchContinuationPages' },
  );
  return { count: () => pages };
}

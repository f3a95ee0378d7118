/**
 * How many of a run's URLs Finalize reads at a time: the records of a 300,000-URL run's end are never
 * held all at once (`npm run bench:finalize`), and a part still keeps the four BatchGetItem requests
 * in flight busy (100 keys each).
 */
export const FINALIZE_PART_URLS = 5_000;

/** `ids` in consecutive parts of at most `size`. */
export function* inParts<T>(ids: readonly T[], size = FINALIZE_PART_URLS): Generator<readonly T[]> {
  for (let at = 0; at < ids.length; at += size) yield ids.slice(at, at + size);
}

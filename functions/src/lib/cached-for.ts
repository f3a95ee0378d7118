/**
 * `load()`'s answer, kept for `ttlMs` and then loaded again; concurrent callers share one load, and
 * a failed load is not kept (the next call tries again).
 * @example const versions = cachedFor(300_000, () => readVersions(arn));
 */
export function cachedFor<T>(
  ttlMs: number,
  load: () => Promise<T>,
  now: () => number = Date.now,
): () => Promise<T> {
  let kept: { readonly value: Promise<T>; readonly until: number } | undefined;
  return () => {
    if (kept && now() < kept.until) return kept.value;
    const entry = { value: load(), until: now() + ttlMs };
    kept = entry;
    entry.value.catch(() => {
      if (kept === entry) kept = undefined;
    });
    return entry.value;
  };
}

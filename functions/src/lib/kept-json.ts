/** The JSON of answers' reusable elements, kept with them (http/response.ts serialises the kept lists with it). */

/**
 * Answers' elements that are built once and reused unchanged by later answers (the dashboard's rows:
 * a row built again from unchanged records is the same object, dashboard-products.ts), by the group
 * they are serialised in. Only objects never changed after they are built may be kept.
 */
const groupOf = new WeakMap<object, number>();

/**
 * Keeps `element`'s JSON once serialised, for the answers that reuse it, with the elements of its
 * `group` next to it in the list: a group's JSON is kept whole, as UTF-8, while it holds the same
 * elements (an edit serialises its row's group, not 10,000 rows). Kept as buffers outside the JS
 * heap, one per group: one string per row cost more in garbage collection than serialising did.
 */
export function keepSerialised(element: object, group: number): void {
  groupOf.set(element, group);
}

/** The group `element` was kept in; undefined when it was not kept. */
const keptGroup = (element: unknown) =>
  typeof element === 'object' && element !== null ? groupOf.get(element) : undefined;

/** A group's elements as last serialised, and their JSON (comma-separated, no brackets) in UTF-8. */
interface KeptGroupJson {
  elements: readonly unknown[];
  json: Buffer;
}

/** By the group's first element. */
const keptJson = new WeakMap<object, KeptGroupJson>();

/**
 * The list in runs serialised together: consecutive kept elements of one group, or up to
 * `maxRun` elements that were not kept.
 */
export function* elementRuns(list: readonly unknown[], maxRun: number): Generator<readonly unknown[]> {
  let start = 0;
  while (start < list.length) {
    const group = keptGroup(list[start]);
    let end = start + 1;
    if (group === undefined)
      while (end < list.length && end - start < maxRun && keptGroup(list[end]) === undefined) end++;
    else while (end < list.length && keptGroup(list[end]) === group) end++;
    yield list.slice(start, end);
    start = end;
  }
}

const sameElements = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((element, i) => element === b[i]);

/**
 * The JSON of a run from elementRuns, comma-separated without brackets: a kept group's as it was
 * serialised while it holds the same elements, else serialised now (and kept, for a kept group).
 */
export function runJson(run: readonly unknown[]): string | Buffer {
  const first = run[0];
  if (keptGroup(first) === undefined) return JSON.stringify(run).slice(1, -1);
  const key = first as object;
  const kept = keptJson.get(key);
  if (kept && sameElements(kept.elements, run)) return kept.json;
  const json = Buffer.from(JSON.stringify(run).slice(1, -1));
  keptJson.set(key, { elements: run, json });
  return json;
}

/** The JSON of answers' reusable elements, kept with them (http/response.ts serialises the kept lists with it). */

/**
 * Answers' elements that are built once and reused unchanged by later answers (the dashboard's rows:
 * a row built again from unchanged records is the same object, dashboard-products.ts), and their
 * JSON once serialised, so an edit serialises one row, not 10,000. Only objects never changed
 * after they are built may be kept.
 */
const keptElements = new WeakSet<object>();
const serialised = new WeakMap<object, string>();

/** Keeps `element`'s JSON once serialised, for the answers that reuse the element. */
export function keepSerialised(element: object): void {
  keptElements.add(element);
}

/** Whether `element` was kept by keepSerialised. */
export const isKept = (element: unknown) =>
  typeof element === 'object' && element !== null && keptElements.has(element);

/** The JSON of one element of a list: kept with it when it was kept. */
export function elementJson(element: unknown): string {
  if (!isKept(element)) return JSON.stringify(element) ?? 'null';
  const kept = element as object;
  let json = serialised.get(kept);
  if (json === undefined) {
    json = JSON.stringify(element) ?? 'null';
    serialised.set(kept, json);
  }
  return json;
}

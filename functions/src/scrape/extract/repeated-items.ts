/**
 * Finds prices that sit in a list of look-alike items (a carousel, grid, comparison table or
 * variant list): those belong to other products or options, not to the buy box.
 */
import type { Element } from 'domhandler';
import { ancestors } from './dom-walk';

/** How far up to look for list items (a tile wraps its price in a few layers, a copy in a few more). */
const REPEAT_DEPTH = 8;
/** How many look-alike priced siblings make a list. */
const MIN_REPEATS = 3;

/**
 * Look-alike siblings share tag and class and hold their price at the same place inside them
 * (the same chain of tags). The place matters: a table whose plain rows hold a list price, the
 * price and instalments in different cells is a buy box laid out as a table, not a list.
 */
export function repeatedItems<T extends { readonly el: Element }>(found: readonly T[]): Set<T> {
  const groups = new Map<string, Set<Element>>();
  const keysOf = new Map<T, string[]>();
  const ids = new Map<object, number>();
  const idOf = (node: object) => ids.get(node) ?? ids.set(node, ids.size).get(node) ?? 0;
  for (const f of found) {
    const keys: string[] = [];
    let node = f.el;
    let path = '';
    for (const parent of ancestors(f.el, REPEAT_DEPTH)) {
      path = path ? `${node.tagName}>${path}` : node.tagName;
      const key = `${idOf(parent)}/${node.tagName}.${node.attribs?.class ?? ''}/${path}`;
      keys.push(key);
      const members = groups.get(key) ?? new Set<Element>();
      members.add(node);
      groups.set(key, members);
      node = parent;
    }
    keysOf.set(f, keys);
  }
  const out = new Set<T>();
  for (const [f, keys] of keysOf) {
    if (keys.some((k) => (groups.get(k)?.size ?? 0) >= MIN_REPEATS)) out.add(f);
  }
  return out;
}

/** Climbing the parsed page from an element through the elements that enclose it. */
import type { Element } from 'domhandler';

/**
 * The elements enclosing `element`, nearest first, at most `levels` of them. The climb ends at the
 * document node, which is no element (no tag name, no attributes).
 */
export function* ancestors(element: Element, levels = Number.POSITIVE_INFINITY): Generator<Element> {
  let node = element.parent;
  for (let level = 0; level < levels && node?.type === 'tag'; level++) {
    yield node as Element;
    node = node.parent;
  }
}

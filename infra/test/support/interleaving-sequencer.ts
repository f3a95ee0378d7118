import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The project whose files each start a stack and a browser. */
const BROWSER_PROJECT = 'e2e';

/**
 * Spreads the browser files evenly through the rest of the run, instead of Vitest's default of
 * one project after another: a browser file mostly waits (on the page, the stack, the clock), so
 * with two workers the run is shortest when one of them is on a browser file while the other
 * works through the fast files. Within each part, the base order holds (slowest or largest first).
 */
export class InterleavingSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const sorted = await super.sort(files);
    const browser = sorted.filter((spec) => spec.project.name === BROWSER_PROJECT);
    const rest = sorted.filter((spec) => spec.project.name !== BROWSER_PROJECT);
    return interleave(browser, rest);
  }
}

/** `few` placed at even intervals through `many`, the first of `few` at the front. */
export function interleave<T>(few: readonly T[], many: readonly T[]): T[] {
  if (few.length === 0) return [...many];
  const out: T[] = [];
  const step = many.length / few.length;
  let next = 0;
  few.forEach((item, i) => {
    const until = Math.round(i * step);
    out.push(...many.slice(next, until), item);
    next = until;
  });
  out.push(...many.slice(next));
  return out;
}

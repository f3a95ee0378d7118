import { BaseSequencer, type TestSpecification } from 'vitest/node';

/** The project whose files each start a stack; its browser files also start a Chromium. */
const STACK_PROJECT = 'stack';
/** The projects in the order they run: the long files first, the small ones to fill the end. */
const PROJECT_ORDER = [STACK_PROJECT, 'cdk', 'unit'];

/**
 * Runs the projects one after another, as Vitest reuses a worker (and the modules it has loaded)
 * only for the next file of the same project; within the stack project the browser files are spread
 * evenly through the API files: a browser file mostly waits (on the page, the stack, the clock), so
 * the run is shortest when one worker is on a browser file while the others work through the rest.
 * Within each part, the base order holds (slowest or largest first).
 */
export class InterleavingSequencer extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    return runOrder(await super.sort(files));
  }
}

/** The order above, over files in their base order. */
export function runOrder<T extends { project: { name: string }; moduleId: string }>(
  sorted: readonly T[],
): T[] {
  const rank = (spec: T) => {
    const at = PROJECT_ORDER.indexOf(spec.project.name);
    return at === -1 ? PROJECT_ORDER.length : at;
  };
  const byProject = [...sorted].sort((a, b) => rank(a) - rank(b));
  const stack = byProject.filter((spec) => spec.project.name === STACK_PROJECT);
  const isBrowserFile = (spec: T) => spec.moduleId.endsWith('.e2e.ts');
  return [
    ...interleave(
      stack.filter(isBrowserFile),
      stack.filter((spec) => !isBrowserFile(spec)),
    ),
    ...byProject.filter((spec) => spec.project.name !== STACK_PROJECT),
  ];
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

import { startTestStack, type TestStack } from '../test/support/test-stack';
import { type SeedSummary, seedInWorker } from './seed-catalogue';

export interface SeededStack {
  stack: TestStack;
  token: string;
  seed: SeedSummary;
}

/**
 * A local stack (in-memory dynalite, loopback port) with a seeded catalogue. One per process: the
 * functions in it run with the settings of the stack started last.
 */
export async function startSeededStack(
  products: number,
  options: { serveWeb?: boolean; dynamoThread?: 'main' | 'worker' } = {},
) {
  const stack = await startTestStack({
    serveWeb: options.serveWeb ?? false,
    ...(options.dynamoThread ? { dynamoThread: options.dynamoThread } : {}),
  });
  try {
    const token = await stack.login();
    const seed = await seedInWorker(stack.settings, { products });
    // A catalogue at rest: the lists keep an answer only once the last change has settled.
    const { SETTLE_MS } = await import('@cmp/functions/http/catalogue-cache');
    await new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
    return { stack, token, seed } satisfies SeededStack;
  } catch (error) {
    await stack.stop();
    throw error;
  }
}

/** `--products N` from the command line, else the default. */
export function productsArg(fallback: number): number {
  const at = process.argv.indexOf('--products');
  const value = at >= 0 ? Number(process.argv[at + 1]) : fallback;
  if (!Number.isInteger(value) || value < 1) throw new Error('--products must be a positive integer');
  return value;
}

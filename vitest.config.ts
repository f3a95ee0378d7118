import { defineConfig } from 'vitest/config';
import { InterleavingSequencer } from './infra/test/support/interleaving-sequencer.ts';

const ignored = ['**/node_modules/**', '**/dist/**', '**/cdk.out/**'];

/** One vitest run covers every tier; each tier is a project that can also run alone (`--project`). */
export default defineConfig({
  test: {
    pool: 'forks',
    // Every tier shares the workers: browser files interleave with the rest (see the sequencer). Three
    // on two cores: the stack and browser files wait much of their time (a page, a shop's pace, a
    // poll), and with two workers the cores stood idle a fifth of the run.
    maxWorkers: 3,
    sequence: { sequencer: InterleavingSequencer },
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['{shared,functions,web,infra}/**/*.test.{ts,tsx}'],
          exclude: [...ignored, '**/*.int.test.ts', '**/*.cdk.test.ts'],
          // Pure functions: one module graph per worker instead of one per file (a third of the time).
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'int',
          include: ['{functions,infra}/**/*.int.test.ts'],
          exclude: ignored,
          // One module graph per worker: each file starts its own stack, and what the functions keep
          // between calls is kept per settings (config.ts perSettings), so a new stack starts afresh.
          isolate: false,
          setupFiles: ['infra/test/support/real-clock.setup.ts'],
          testTimeout: 60_000,
          // Starting a stack hashes passwords (scrypt N=2^17): slow when both cores are busy.
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: {
          name: 'cdk',
          include: ['infra/**/*.cdk.test.ts'],
          exclude: ignored,
          testTimeout: 120_000,
          // A worker's files share one load of aws-cdk-lib and the apps of support/cdk-app.ts, which
          // they only read.
          isolate: false,
        },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['infra/test/e2e/**/*.e2e.ts'],
          exclude: ignored,
          // As for 'int': a stack and a browser per file, one module graph per worker.
          isolate: false,
          setupFiles: ['infra/test/support/real-clock.setup.ts'],
          globalSetup: ['infra/test/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
    ],
  },
});

import { defineConfig } from 'vitest/config';
import { InterleavingSequencer } from './infra/test/support/interleaving-sequencer.ts';

const ignored = ['**/node_modules/**', '**/dist/**', '**/cdk.out/**'];

/** One vitest run covers every tier; each tier is a project that can also run alone (`--project`). */
export default defineConfig({
  test: {
    pool: 'forks',
    // Every tier shares the workers, one tier after another, the browser files spread through the API
    // files (see the sequencer). Three on two cores: the stack and browser files wait much of their
    // time (a page, a shop's pace, a poll), and with two workers the cores stood idle a fifth of the run;
    // four were slower again (2026-11-29: 641 s against 598 s, with timeouts).
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
          // The API tests (*.int.test.ts) and the browser tests (*.e2e.ts): each file starts a local
          // stack, and the browser tests a Chromium too. One project, so a worker goes on from one
          // file to the next whichever kind it is: Vitest reuses a worker only for a file of the same
          // project, and a new one loads the whole stack's modules again (about 2 s of CPU a file).
          name: 'stack',
          include: ['{functions,infra}/**/*.int.test.ts', 'infra/test/e2e/**/*.e2e.ts'],
          exclude: ignored,
          // One module graph per worker: what the functions keep between calls is kept per settings
          // (config.ts perSettings), so a new stack starts afresh.
          isolate: false,
          setupFiles: ['infra/test/support/real-clock.setup.ts'],
          globalSetup: ['infra/test/e2e/global-setup.ts'],
          testTimeout: 60_000,
          // Starting a stack and a Chromium is slow when both cores are busy.
          hookTimeout: 120_000,
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
    ],
  },
});

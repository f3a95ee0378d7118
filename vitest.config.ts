import { defineConfig } from 'vitest/config';

const ignored = ['**/node_modules/**', '**/dist/**', '**/cdk.out/**'];

/** One vitest run covers every tier; each tier is a project that can also run alone (`--project`). */
export default defineConfig({
  test: {
    pool: 'forks',
    maxWorkers: 2,
    projects: [
      {
        extends: true,
        test: {
          name: 'unit',
          include: ['{shared,functions,web,infra}/**/*.test.{ts,tsx}'],
          exclude: [...ignored, '**/*.int.test.ts', '**/*.cdk.test.ts'],
        },
      },
      {
        extends: true,
        test: {
          name: 'int',
          include: ['{functions,infra}/**/*.int.test.ts'],
          exclude: ignored,
          testTimeout: 60_000,
          // Starting a stack hashes passwords (scrypt N=2^17): slow when both cores are busy.
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        test: { name: 'cdk', include: ['infra/**/*.cdk.test.ts'], exclude: ignored, testTimeout: 120_000 },
      },
      {
        extends: true,
        test: {
          name: 'e2e',
          include: ['infra/test/e2e/**/*.e2e.ts'],
          exclude: ignored,
          globalSetup: ['infra/test/e2e/global-setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          maxWorkers: 1,
        },
      },
    ],
  },
});

import { chmodSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { SCHEDULE_RULES_FILE } from '../../local/stack';
import { notOwnerOnly, pathsUnder } from '../support/file-modes';
import { startTestStack } from '../support/test-stack';

/**
 * DATA_DIR holds the table (password hashes, webhook secrets) and the signing key: the local stack
 * keeps it the owner's alone, directory 0700 and files 0600, a directory an older start left open
 * included.
 */
const dataDir = mkdtempSync(join(tmpdir(), 'cmp-data-dir-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

describe('the local data directory', () => {
  it('is closed to everyone but its owner while the stack runs and after, older files included', async () => {
    // As an older start left it: readable by all.
    chmodSync(dataDir, 0o755);
    writeFileSync(join(dataDir, 'token-secret'), `${'k'.repeat(64)}\n`, { mode: 0o644 });
    writeFileSync(join(dataDir, SCHEDULE_RULES_FILE), '{}', { mode: 0o644 });

    const stack = await startTestStack({ dataDir });
    let running: string[];
    try {
      await stack.login();
      running = notOwnerOnly(dataDir);
    } finally {
      await stack.stop();
    }

    expect(running).toEqual([]);
    expect(notOwnerOnly(dataDir)).toEqual([]);
    // Running, it held the endpoint file too; LevelDB's files are among those checked.
    expect(pathsUnder(join(dataDir, 'dynamodb'))).toBeGreaterThan(4);
  });
});

import { chmod, lstat, mkdir, readdir } from 'node:fs/promises';
import { join } from 'node:path';

/**
 * Makes `dir` (created when missing) and everything in it the owner's alone: directories 0700,
 * files 0600. The local data holds password hashes, webhook secrets and the signing key; an
 * older start left it 0755, and LevelDB makes its files 0644 whatever we ask. A file LevelDB adds
 * while running stays out of reach behind its 0700 directory until the next pass.
 */
export async function keepOwnerOnly(dir: string): Promise<void> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  await closeUp(dir);
}

async function closeUp(path: string): Promise<void> {
  try {
    const stat = await lstat(path);
    // A link is left as it is: chmod would change what it points at, perhaps outside the data.
    if (stat.isSymbolicLink()) return;
    if (!stat.isDirectory()) return await chmod(path, 0o600);
    await chmod(path, 0o700);
    for (const entry of await readdir(path)) await closeUp(join(path, entry));
  } catch (error) {
    // LevelDB removes old files as it goes: one gone meanwhile needs nothing.
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
  }
}

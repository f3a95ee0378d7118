import { fileURLToPath } from 'node:url';

// Resolved from this file, not the working directory, so `cdk synth` and the tests agree.
const at = (relative: string) => fileURLToPath(new URL(relative, import.meta.url));

/** The repository root: esbuild's project root and where the one lock file lives. */
export const repoRoot = at('../../');
/** The functions workspace; route group entries are relative to it. */
export const functionsDir = at('../../functions/');
/** The built SPA (`npm run build`). */
export const webDistDir = at('../../web/dist/');
export const lockFile = at('../../package-lock.json');

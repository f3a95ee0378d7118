import { fileURLToPath } from 'node:url';

/** Repository locations the local stack needs, resolved from this file so any working directory works. */
export const repoRoot = fileURLToPath(new URL('../../', import.meta.url));
export const webDir = fileURLToPath(new URL('../../web/', import.meta.url));
export const webDistDir = fileURLToPath(new URL('../../web/dist/', import.meta.url));

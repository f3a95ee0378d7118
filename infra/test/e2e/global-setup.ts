import { ensureWebBuilt } from '../../local/web-build';
import { findChromium } from '../support/browser';

/** Once per run: fail fast when no browser exists, and build the SPA the tests load. */
export default async function setup(): Promise<void> {
  findChromium();
  await ensureWebBuilt();
}

/**
 * `npm run build`'s web part: builds web/dist when it is missing or older than its sources (by
 * content, web-build.ts), so CI's synth after the browser tests does not build the same SPA again.
 */
import { ensureWebBuilt } from './web-build';

await ensureWebBuilt();

/**
 * Writes the OpenAPI document (openapi.ts) to the file named on the command line; `npm run build`
 * puts it next to the web app, for tools that read it without calling the API.
 * @example tsx functions/src/http/openapi.cli.ts web/dist/openapi.json
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { openApiDocument } from './openapi';

const target = process.argv[2];
if (!target) {
  console.error('Usage: tsx functions/src/http/openapi.cli.ts <output file>');
  process.exit(2);
}
mkdirSync(dirname(target), { recursive: true });
writeFileSync(target, `${JSON.stringify(openApiDocument(), null, 2)}\n`);
console.log(`Wrote ${target}`);

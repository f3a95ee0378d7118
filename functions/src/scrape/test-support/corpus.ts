/**
 * Reads the benchmark pages kept as test data in functions/test/corpus (see its README), for tests
 * that check the extractors on real shop pages.
 */
import { readFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { gunzipSync } from 'node:zlib';

export const corpusDir = resolve(import.meta.dirname, '../../../test/corpus');

interface Truth {
  readonly url: string;
  readonly price?: readonly string[];
  readonly availability?: readonly string[];
}

/** Every corpus page's id. */
export function corpusIds(): string[] {
  return Object.keys(JSON.parse(readFileSync(join(corpusDir, 'ground-truth.json'), 'utf8')));
}

/** One corpus page by the start of its id, with its original address and ground truth. */
export function corpusPage(idPrefix: string): { html: string; url: string; truth: Truth } {
  const all = JSON.parse(readFileSync(join(corpusDir, 'ground-truth.json'), 'utf8')) as Record<string, Truth>;
  const id = Object.keys(all).find((k) => k.startsWith(idPrefix));
  const truth = id ? all[id] : undefined;
  if (!id || !truth) throw new Error(`no corpus page ${idPrefix}`);
  const html = gunzipSync(readFileSync(join(corpusDir, `${id}.html.gz`))).toString('utf8');
  return { html, url: truth.url, truth };
}

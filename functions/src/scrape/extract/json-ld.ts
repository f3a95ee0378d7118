/**
 * JSON-LD: reads every `application/ld+json` block, tolerating what real pages ship (HTML comments,
 * CDATA wrappers, trailing commas, raw newlines in strings, several objects in one block), and hands
 * the parsed items to the schema.org reader.
 */
import type { CheerioAPI } from 'cheerio/slim';
import type { PriceCandidate } from './candidate';
import type { ParseOptions } from './price-parse';
import { offersFromItems } from './schema-org';

const MAX_BLOCK_CHARS = 1_000_000;

/** The parsed JSON-LD blocks of a page, in page order; blocks that cannot be repaired are skipped. */
function readJsonLdBlocks($: CheerioAPI): unknown[] {
  const blocks: unknown[] = [];
  $('script').each((_, el) => {
    const type = ($(el).attr('type') ?? '').toLowerCase();
    if (!type.includes('ld+json')) return;
    const text = $(el).text();
    if (text.length > MAX_BLOCK_CHARS) return;
    const parsed = parseLenientJson(text);
    if (parsed !== undefined) blocks.push(parsed);
  });
  return blocks;
}

/** Price candidates from the page's JSON-LD. */
export function extractJsonLd($: CheerioAPI, parse: ParseOptions): PriceCandidate[] {
  return readJsonLdBlocks($).flatMap((block, i) =>
    offersFromItems([block], { source: 'json-ld', origin: `JSON-LD block ${i + 1}`, parse }),
  );
}

/**
 * Parses JSON as pages write it: strict first, then after stripping wrappers and repairing the
 * common slips. Returns undefined when nothing sensible comes out.
 *
 * @example parseLenientJson('<!-- {"a": 1,} -->') // { a: 1 }
 */
export function parseLenientJson(text: string): unknown {
  const attempts = [
    (t: string) => t,
    (t: string) =>
      t
        .replace(/^\s*(?:\/\/\s*)?(?:<!--|<!\[CDATA\[)/, '')
        .replace(/(?:\/\/\s*)?(?:-->|\]\]>)\s*$/, '')
        .trim(),
    (t: string) => escapeControlCharsInStrings(t).replace(/,\s*([}\]])/g, '$1'),
  ];
  let current = text;
  for (const repair of attempts) {
    current = repair(current);
    try {
      return JSON.parse(current);
    } catch {
      // try the next repair
    }
  }
  return parseConcatenated(current);
}

/** Raw tabs and newlines inside strings are invalid JSON but common; escape them. */
function escapeControlCharsInStrings(text: string): string {
  let out = '';
  let inString = false;
  let escaped = false;
  for (const ch of text) {
    if (inString) {
      if (escaped) escaped = false;
      else if (ch === '\\') escaped = true;
      else if (ch === '"') inString = false;
      else if (ch < ' ') {
        out += ch === '\n' ? '\\n' : ch === '\t' ? '\\t' : ' ';
        continue;
      }
    } else if (ch === '"') inString = true;
    out += ch;
  }
  return out;
}

/** Some blocks hold several objects back to back ('{...}{...}'); read them as an array. */
function parseConcatenated(text: string): unknown {
  const parts: unknown[] = [];
  let depth = 0;
  let start = -1;
  let inString = false;
  let escaped = false;
  for (let i = 0; i < text.length; i++) {
    const ch = text[i];
    if (inString) {
      if (escaped) escaped = false;
      else if (ch === '\\') escaped = true;
      else if (ch === '"') inString = false;
      continue;
    }
    if (ch === '"') inString = true;
    else if (ch === '{') {
      if (depth === 0) start = i;
      depth++;
    } else if (ch === '}' && depth > 0) {
      depth--;
      if (depth === 0 && start >= 0) {
        try {
          parts.push(JSON.parse(text.slice(start, i + 1)));
        } catch {
          // an unreadable object among readable ones is skipped
        }
      }
    }
  }
  return parts.length > 0 ? parts : undefined;
}

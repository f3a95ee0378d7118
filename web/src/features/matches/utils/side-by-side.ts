// A suggestion's two sides as the Matches screen lays them out (docs/screens.md#16-matches-page):
// one row per field, and in the names the words the other side lacks marked, so what differs shows
// at a glance. Identifiers are compared as written without spaces, dashes or case; GTINs as digits
// with leading zeros dropped (a UPC and its EAN-13 are one).
import type { MatchSuggestion } from '@cmp/shared';

export interface Word {
  readonly text: string;
  /** The other name has no such word. */
  readonly differs: boolean;
}

export interface SideBySideRow {
  readonly label: string;
  readonly ours: string;
  readonly theirs: string;
  /** Both sides give a value and they differ. */
  readonly differs: boolean;
}

const NONE = '—';
const fold = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase();
const code = (text: string) => fold(text).replace(/[^a-z0-9]/g, '');
const digits = (text: string) => text.replace(/\D/g, '').replace(/^0+/, '');
/** A word's letters and digits, folded: `KX-200,` and `kx200` are one word. */
const wordKey = (word: string) => code(word);

/** The name's words, each marked when the other name has no such word. */
export function markedWords(name: string, other: string): Word[] {
  const others = new Set(other.split(/\s+/).map(wordKey));
  return name
    .split(/\s+/)
    .filter(Boolean)
    .map((text) => ({ text, differs: wordKey(text) !== '' && !others.has(wordKey(text)) }));
}

export function sideBySide(
  suggestion: MatchSuggestion,
  money: (amount: number, currency?: string | null) => string,
): SideBySideRow[] {
  const { ours, theirs } = suggestion;
  const row = (
    label: string,
    a: string | null,
    b: string | null,
    same: (x: string, y: string) => boolean,
  ) => ({
    label,
    ours: a ?? NONE,
    theirs: b ?? NONE,
    differs: a !== null && b !== null && !same(a, b),
  });
  const theirGtins = theirs.gtins.length > 0 ? theirs.gtins.join(', ') : null;
  return [
    row('Brand', ours.brand, theirs.brand, (a, b) => fold(a).trim() === fold(b).trim()),
    row('GTIN', ours.gtin, theirGtins, (a) => theirs.gtins.some((g) => digits(g) === digits(a))),
    row('MPN', ours.mpn, theirs.mpn, (a, b) => code(a) === code(b)),
    row(
      'Price',
      money(ours.price),
      theirs.price === null ? null : money(theirs.price, theirs.currency),
      () => theirs.price === ours.price,
    ),
  ];
}

/** How sure the match is, as a reader says it: `GTIN`, `MPN`, or the name's likeness in percent. */
export function reasonText(suggestion: Pick<MatchSuggestion, 'reason' | 'score'>): string {
  if (suggestion.reason === 'gtin') return 'Same GTIN';
  if (suggestion.reason === 'mpn') return 'Same brand and MPN';
  return `Names ${Math.round(suggestion.score * 100)}% alike`;
}

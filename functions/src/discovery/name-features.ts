/**
 * What a product name says, for matching names across shops (issue 32): its words, and the numbers
 * that tell one product from its look-alike (model numbers, sizes and quantities, pack counts), which
 * must agree for two names to match.
 */

export interface NameFeatures {
  /** The name's words, lower case, accents off, plural 's' dropped; numbers not among them. */
  readonly words: readonly string[];
  /**
   * Model numbers ('wh1000xm4'), sizes in one unit per kind ('size:ml:500' for 0.5 l), pack counts
   * ('pack:6') and bare numbers, each once, sorted: two products match only when they agree
   * (numbersAgree).
   */
  readonly numbers: readonly string[];
  /** Colour words the name uses ('black'), sorted: named on both sides, they must agree. */
  readonly colours: readonly string[];
}

/** Units of size and quantity, each in its kind's base unit. */
const UNITS: Readonly<Record<string, readonly [kind: string, factor: number]>> = {
  ml: ['ml', 1],
  cl: ['ml', 10],
  dl: ['ml', 100],
  l: ['ml', 1000],
  ltr: ['ml', 1000],
  litre: ['ml', 1000],
  liter: ['ml', 1000],
  litres: ['ml', 1000],
  liters: ['ml', 1000],
  mg: ['g', 0.001],
  g: ['g', 1],
  gr: ['g', 1],
  kg: ['g', 1000],
  oz: ['oz', 1],
  floz: ['floz', 1],
  lb: ['lb', 1],
  lbs: ['lb', 1],
  mm: ['mm', 1],
  cm: ['mm', 10],
  m: ['mm', 1000],
  in: ['in', 1],
  inch: ['in', 1],
  inches: ['in', 1],
  '"': ['in', 1],
  mb: ['gb', 0.001],
  gb: ['gb', 1],
  tb: ['gb', 1000],
  w: ['w', 1],
  kw: ['w', 1000],
  v: ['v', 1],
  mah: ['mah', 1],
  hz: ['hz', 1],
};
const UNIT_NAMES = Object.keys(UNITS)
  .sort((a, b) => b.length - a.length)
  .join('|');

const SIZE = new RegExp(`(\\d+(?:[.,]\\d+)?)\\s*(${UNIT_NAMES})(?![a-z0-9])`, 'g');
/** '6 pack', '6-pack', '6pk', 'pack of 6', 'x6', '6 x ' (before a size), '12 pcs', '24 count'. */
const PACKS = [
  /(\d+)\s*-?\s*(?:pack|pk|pcs|pieces|piece|count|ct|stuks)(?![a-z0-9])/g,
  /(?:pack|set|box|case)\s+of\s+(\d+)(?![a-z0-9])/g,
  /(?<![a-z0-9.,])(\d+)\s*x(?=\s*\d)/g,
  /(?<![a-z0-9])x\s*(\d+)(?![a-z0-9.,])/g,
];

const DURATION = /(\d+)\s*-?\s*(?:years?|yrs?|months?|weeks?|days?|hours?|hrs?)(?![a-z0-9])/g;

const COLOURS = new Set([
  'black',
  'white',
  'red',
  'blue',
  'green',
  'yellow',
  'pink',
  'purple',
  'orange',
  'grey',
  'gray',
  'silver',
  'gold',
  'brown',
  'beige',
  'navy',
  'cream',
  'rose',
  'graphite',
]);
const SAME_COLOUR: Readonly<Record<string, string>> = { gray: 'grey' };

/** Words that say nothing of which product it is. */
const STOP_WORDS = new Set(
  'a an and the of for with in on by to from at or new ' // English
    .concat('de la le les et du des pour avec en ') // French
    .concat('der die das und mit fur von ') // German
    .concat('el los las y con para ') // Spanish
    .concat('het een en voor met van')
    .split(/\s+/)
    .filter(Boolean),
);

/** Lower case, accents off, '&' as 'and', the decimal comma as a point. */
function normalised(name: string): string {
  return name
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLowerCase()
    .replace(/(\d),(\d)/g, '$1.$2')
    .replace(/&/g, ' and ')
    .replace(/[“”″]/g, '"');
}

const amount = (text: string) => Number(text.replace(',', '.'));
/** A size's figure without float noise (0.5 l is 500 ml, not 500.00000001). */
const figure = (n: number) => String(Math.round(n * 1000) / 1000);

export function nameFeatures(name: string, brand?: string | null): NameFeatures {
  let text = normalised(name);
  const numbers = new Set<string>();
  // A warranty's or a delivery's time says nothing of the product ('2 year warranty').
  text = text.replace(DURATION, ' ');
  // Packs first: '6 x 330ml' is 6 of a 330 ml size.
  for (const pack of PACKS)
    text = text.replace(pack, (_, count: string) => {
      // One of a thing is the thing: 'pack of 1' tells nothing.
      if (Number(count) > 1) numbers.add(`pack:${Number(count)}`);
      return ' ';
    });
  text = text.replace(SIZE, (_, value: string, unit: string) => {
    const [kind, factor] = UNITS[unit] ?? ['', 1];
    numbers.add(`size:${kind}:${figure(amount(value) * factor)}`);
    return ' ';
  });
  const words: string[] = [];
  const colours = new Set<string>();
  // A model number keeps its parts together: 'wh-1000xm4' and 'wh 1000xm4' read 'wh1000xm4'.
  const tokens = text
    .replace(/([a-z0-9])[-./]+(?=[a-z0-9])/g, '$1')
    .split(/[^a-z0-9]+/)
    .filter(Boolean);
  for (const token of tokens) {
    if (/\d/.test(token)) {
      numbers.add(stripZeros(token));
      continue;
    }
    if (STOP_WORDS.has(token)) continue;
    if (COLOURS.has(token)) colours.add(SAME_COLOUR[token] ?? token);
    words.push(singular(token));
  }
  // The brand's words, read as the name's are, where the name leaves them out.
  const brandWords = normalised(brand ?? '')
    .split(/[^a-z0-9]+/)
    .filter((word) => word && !STOP_WORDS.has(word))
    .map(singular);
  words.unshift(...brandWords.filter((word) => !words.includes(word)));
  return {
    words: [...new Set(words)],
    numbers: [...numbers].sort(),
    colours: [...colours].sort(),
  };
}

/** '007' and '7' are one number; a model's own zeros ('a100') stay. */
const stripZeros = (token: string) => (/^\d+$/.test(token) ? token.replace(/^0+(?=\d)/, '') : token);

/** A plural's 's' off ('headphones' and 'headphone' compare equal); short words as they are. */
const singular = (word: string) =>
  word.length > 3 && word.endsWith('s') && !word.endsWith('ss') ? word.slice(0, -1) : word;

/** What kind of number a token is: its size's unit kind, a pack count, a model number or a bare number. */
export function kindOf(token: string): string {
  if (token.startsWith('size:')) return token.slice(0, token.lastIndexOf(':'));
  if (token.startsWith('pack:')) return 'pack';
  return /^\d+(?:\.\d+)?$/.test(token) ? 'bare' : 'model';
}

function byKind(numbers: readonly string[]): Map<string, Set<string>> {
  const kinds = new Map<string, Set<string>>();
  for (const token of numbers) {
    const kind = kindOf(token);
    kinds.set(kind, (kinds.get(kind) ?? new Set()).add(token));
  }
  return kinds;
}

const sameSet = (a: ReadonlySet<string>, b: ReadonlySet<string>) =>
  a.size === b.size && [...a].every((x) => b.has(x));

/**
 * Whether two names' numbers agree, so that they can be one product: the same pack count (none is
 * one); where both give a size of a kind (a volume, a weight, a capacity), the same sizes; where
 * both give model numbers, one in common; where both give bare numbers ('Phone 14'), the same ones.
 * A number only one name gives ('2 slices') is no disagreement: the other words weigh it.
 */
export function numbersAgree(a: NameFeatures, b: NameFeatures): boolean {
  const kindsA = byKind(a.numbers);
  const kindsB = byKind(b.numbers);
  for (const kind of new Set([...kindsA.keys(), ...kindsB.keys()])) {
    const ofA = kindsA.get(kind);
    const ofB = kindsB.get(kind);
    if (kind === 'pack') {
      if (!ofA || !ofB || !sameSet(ofA, ofB)) return false;
      continue;
    }
    if (!ofA || !ofB) continue;
    if (kind === 'model' ? ![...ofA].some((token) => ofB.has(token)) : !sameSet(ofA, ofB)) return false;
  }
  return true;
}

/** Whether two names' colours agree: the same, or one side names none. */
export function coloursAgree(a: NameFeatures, b: NameFeatures): boolean {
  if (a.colours.length === 0 || b.colours.length === 0) return true;
  return a.colours.length === b.colours.length && a.colours.every((c, i) => c === b.colours[i]);
}

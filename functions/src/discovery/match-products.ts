/**
 * Matching products found at a competitor against our catalogue (issue 32, docs/rules.md "Matching
 * competitor products"): identifiers first (GTIN, or MPN with brand: score 1), then names, whose
 * model numbers, sizes, pack counts, brand and colour must agree and whose other words weigh in.
 * An index on identifiers and name tokens finds the few candidates of each found product, so the
 * work grows with the products, not with their pairs.
 */
import type { MatchReason } from '@cmp/shared';
import { coloursAgree, kindOf, type NameFeatures, nameFeatures, numbersAgree } from './name-features';
import { brandKey, gtin14, mpnKey } from './product-identity';

export interface CatalogueProduct {
  readonly id: number;
  readonly name: string;
  readonly brand: string | null;
  readonly gtin: string | null;
  readonly mpn: string | null;
}

export interface FoundProduct {
  readonly url: string;
  readonly name: string;
  readonly brand: string | null;
  /** Every GTIN/EAN/UPC the competitor gives for it. */
  readonly gtins: readonly string[];
  readonly mpn: string | null;
}

export interface Match {
  readonly productId: number;
  /** The found product's place in the list matched. */
  readonly found: number;
  readonly reason: MatchReason;
  /** 1 for identifiers; the names' likeness, 0–1, otherwise. */
  readonly score: number;
}

export interface MatchOptions {
  /** The least name score suggested (the `match_threshold` setting). */
  readonly threshold: number;
  /** Pairs never to suggest: the product is already watched there, or staff rejected the pair. */
  readonly excluded?: (productId: number, url: string) => boolean;
}

/** Name tokens shared by more than this share of the catalogue do not find candidates alone. */
const COMMON_SHARE = 0.05;
/** A number this rare looks up candidates beside the rarest one. */
const RARE_SHARE = 0.001;
/** How many of a name's rarest numbers (or words, without numbers) look up its candidates. */
const LOOKUPS = 2;

/** A name whose model number follows 'for', 'fits' or 'compatible with' is an accessory for it. */
const ACCESSORY = /\b(?:for|fits|compatible with|replacement for)\s+(?:\S+\s+){0,3}?\S*\d/;

/** A name as matched: what it says, its brand, whether it is an accessory. */
export interface Named {
  readonly features: NameFeatures;
  readonly brand: string | null;
  readonly accessory: boolean;
}

export function named(name: string, brand: string | null): Named {
  return {
    features: nameFeatures(name, brand),
    brand: brandKey(brand),
    accessory: ACCESSORY.test(name.toLowerCase()),
  };
}

/** The catalogue's index: identifiers, name tokens and how rare each token is. */
export class CatalogueIndex {
  private readonly byGtin = new Map<string, number[]>();
  private readonly byMpn = new Map<string, number[]>();
  private readonly byToken = new Map<string, number[]>();
  private readonly names: Named[];

  constructor(readonly products: readonly CatalogueProduct[]) {
    this.names = products.map((p) => named(p.name, p.brand));
    products.forEach((product, at) => {
      const gtin = gtin14(product.gtin);
      if (gtin) push(this.byGtin, gtin, at);
      const mpn = mpnKey(product.mpn);
      if (mpn) push(this.byMpn, mpn, at);
      const { words, numbers } = (this.names[at] as Named).features;
      for (const token of [...words, ...numbers]) push(this.byToken, token, at);
    });
  }

  /**
   * How much each token says, over our names and the found ones together: rare tokens (a model
   * number) say much, common ones little, and a shop's own stock words ('best seller') little too.
   */
  weights(theirs: readonly Named[]): (token: string) => number {
    const foundCounts = new Map<string, number>();
    for (const { features } of theirs)
      for (const token of [...features.words, ...features.numbers])
        foundCounts.set(token, (foundCounts.get(token) ?? 0) + 1);
    const all = this.products.length + theirs.length;
    return (token) =>
      Math.log(1 + all / (1 + (this.byToken.get(token)?.length ?? 0) + (foundCounts.get(token) ?? 0)));
  }

  /** Every match of one found product above the threshold, best first, identifiers before names. */
  matchesOf(
    found: FoundProduct,
    foundAt: number,
    theirs: Named,
    weight: (token: string) => number,
    options: MatchOptions,
  ): Match[] {
    const matches: Match[] = [];
    const seen = new Set<number>();
    const add = (at: number, reason: MatchReason, score: number) => {
      const product = this.products[at] as CatalogueProduct;
      if (seen.has(at) || options.excluded?.(product.id, found.url)) return;
      seen.add(at);
      matches.push({ productId: product.id, found: foundAt, reason, score });
    };
    for (const raw of found.gtins) {
      const gtin = gtin14(raw);
      for (const at of (gtin && this.byGtin.get(gtin)) || []) add(at, 'gtin', 1);
    }
    const mpn = mpnKey(found.mpn);
    for (const at of (mpn && this.byMpn.get(mpn)) || [])
      if (this.sameBrand(this.names[at] as Named, theirs, true)) add(at, 'mpn', 1);
    for (const at of this.candidates(theirs.features)) {
      if (seen.has(at)) continue;
      const score = this.nameScore(this.names[at] as Named, theirs, weight);
      if (score >= options.threshold) add(at, 'name', score);
    }
    return matches.sort((a, b) => b.score - a.score);
  }

  /**
   * Catalogue products that may be the found one: those sharing its rarest model number (or the next
   * when that is rare too); without one, its rarest number (a size); without numbers, its two
   * rarest words.
   */
  private candidates(features: NameFeatures): Iterable<number> {
    const postings = (token: string) => this.byToken.get(token) ?? [];
    const rarest = (tokens: readonly string[], common: number) =>
      tokens
        .filter((token) => postings(token).length > 0 && postings(token).length <= common)
        .sort((a, b) => postings(a).length - postings(b).length)
        .slice(0, LOOKUPS);
    const models = features.numbers.filter((token) => kindOf(token) === 'model');
    const rare = Math.max(20, this.products.length * RARE_SHARE);
    const common = Math.max(50, this.products.length * COMMON_SHARE);
    // A name with a model number matches only one that shares it (or has none, and is not found
    // here): its rarest model numbers look up the candidates, the next only when it is rare too.
    const lookups =
      models.length > 0
        ? rarest(models, Number.POSITIVE_INFINITY).filter(
            (token, at) => at === 0 || postings(token).length <= rare,
          )
        : features.numbers.length > 0
          ? rarest(features.numbers, Number.POSITIVE_INFINITY).slice(0, 1)
          : rarest(features.words, common);
    return new Set(lookups.flatMap(postings));
  }

  /**
   * How alike two names are, 0–1, or 0 when they cannot be one product: their numbers, brands and
   * colours must agree and neither may be an accessory for the other. Each name's weight found in
   * the other is its cover; the score leans on the larger cover (a shop's longer title still
   * matches our short name) and the smaller one keeps unrelated extras from passing.
   */
  private nameScore(ours: Named, theirs: Named, weight: (token: string) => number): number {
    const a = ours.features;
    const b = theirs.features;
    if (!numbersAgree(a, b) || !coloursAgree(a, b) || ours.accessory !== theirs.accessory) return 0;
    if (!this.sameBrand(ours, theirs, false)) return 0;
    const tokensB = new Set([...b.words, ...b.numbers]);
    let shared = 0;
    let totalA = 0;
    for (const token of [...a.words, ...a.numbers]) {
      const w = weight(token);
      totalA += w;
      if (tokensB.has(token)) shared += w;
    }
    let totalB = 0;
    for (const token of tokensB) totalB += weight(token);
    if (shared === 0) return 0;
    const coverA = shared / totalA;
    const coverB = shared / totalB;
    return 0.75 * Math.max(coverA, coverB) + 0.25 * Math.min(coverA, coverB);
  }

  /**
   * Whether two products' brands agree: equal when both are given; when one is not, the other's
   * must appear in its name (required for an MPN match, which means nothing across brands).
   */
  private sameBrand(ours: Named, theirs: Named, required: boolean): boolean {
    if (ours.brand && theirs.brand) return ours.brand === theirs.brand;
    const known = ours.brand ?? theirs.brand;
    if (!known) return !required;
    const other = ours.brand ? theirs : ours;
    return other.features.words.join('').includes(known) || !required;
  }
}

function push(map: Map<string, number[]>, key: string, at: number) {
  const list = map.get(key);
  if (list) list.push(at);
  else map.set(key, [at]);
}

/**
 * The suggestions of one competitor's found products: the best pairs first, each found product and
 * each of our products at most once (identifiers win over names, then the higher score).
 */
export function matchProducts(
  catalogue: CatalogueIndex,
  found: readonly FoundProduct[],
  options: MatchOptions,
): Match[] {
  const theirs = found.map((product) => named(product.name, product.brand));
  const weight = catalogue.weights(theirs);
  const all = found.flatMap((product, at) =>
    catalogue.matchesOf(product, at, theirs[at] as Named, weight, options),
  );
  const rank = (m: Match) => (m.reason === 'name' ? 0 : 1);
  all.sort(
    (a, b) => rank(b) - rank(a) || b.score - a.score || a.found - b.found || a.productId - b.productId,
  );
  const usedFound = new Set<number>();
  const usedProduct = new Set<number>();
  const chosen: Match[] = [];
  for (const match of all) {
    if (usedFound.has(match.found) || usedProduct.has(match.productId)) continue;
    usedFound.add(match.found);
    usedProduct.add(match.productId);
    chosen.push(match);
  }
  return chosen;
}

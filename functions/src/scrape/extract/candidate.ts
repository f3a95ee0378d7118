/** The shapes every extractor returns, so the pipeline can weigh them against each other. */

/** Where a candidate came from; each kind counts as one independent source when they agree. */
export type SourceKind = 'json-ld' | 'microdata' | 'rdfa' | 'meta' | 'visible' | 'llm' | 'pinned';

export type Stock = 'in_stock' | 'out_of_stock' | 'unknown';

/** One piece of evidence: which tier, where on the page, and a short snippet a human can check. */
export interface Evidence {
  readonly source: SourceKind;
  readonly where: string;
  readonly snippet: string;
}

export interface PriceCandidate extends Evidence {
  /** Exact decimal string ('12.50'). */
  readonly amount: string;
  readonly currency: string | null;
  readonly stock: Stock;
  /** Identifiers of the offer or its product (sku, gtin, mpn, productID) for picking the right offer. */
  readonly ids: readonly string[];
  /** Addresses the offer names (offer.url, product.url), compared with the page address. */
  readonly urls: readonly string[];
  /** GTINs (EAN, UPC) of the offer or its product, digits without leading zeros; absent when none. */
  readonly gtins?: readonly string[];
  /**
   * The offer's condition when the page says: 'new', or what else it is ('used', 'refurbished',
   * 'open box', 'damaged', 'marketplace seller'). Absent when the page does not say.
   */
  readonly condition?: string;
  /**
   * How the value is qualified: a plain offer price, or the low end of a price range (an aggregate
   * or 'from' price), which is weaker evidence of what one product costs.
   */
  readonly kind: 'offer' | 'range-low';
  /** The extractor's own ranking among its candidates (higher is better); not a confidence. */
  readonly score: number;
  /**
   * Visible prices only: shown as a price the shopper no longer pays (struck through, or labelled or
   * named 'was', RRP, regular).
   */
  readonly reference?: boolean;
  /** Visible prices only: the higher reference price printed beside this one (a sale's 'was'). */
  readonly replaces?: string;
  /** Visible prices only: where the price sits (page-text.ts elementLocator), for a person's pin. */
  readonly locator?: string;
}

/** What we know of our own product, to pick the matching offer among several and to spot another product. */
export interface PageHints {
  readonly sku?: string | null;
  /** GTIN / EAN / UPC: a page whose product carries another one is for another product. */
  readonly gtin?: string | null;
  /** Manufacturer part number. */
  readonly mpn?: string | null;
}

/** Trims and collapses whitespace and cuts a snippet to a readable length. */
export function snippetOf(text: string, max = 160): string {
  const flat = text.replace(/\s+/g, ' ').trim();
  return flat.length > max ? `${flat.slice(0, max - 1)}…` : flat;
}

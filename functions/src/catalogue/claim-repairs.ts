import {
  claimedCategoryName,
  getCategory,
  holdsCategoryNameClaim,
  isCategoryNameClaim,
  listCategories,
} from '../data/category.repository';
import { listCompetitorUrls } from '../data/competitor-url.repository';
import { nowIso } from '../data/dynamo';
import { claimedSku, getProduct, holdsSkuClaim, isSkuClaim, listProducts } from '../data/product.repository';
import { type Claim, releaseUnique, scanClaims } from '../data/unique-claim';
import {
  migrateUrlClaims,
  releaseUrlKeysUnlessClaimedSince,
  type UrlClaimSet,
  urlClaimSet,
  urlKey,
} from '../data/url-claims';

export interface ClaimRepairs {
  /** Competitor URL claims of the earlier design moved into their product's set. */
  folded: number;
  /** The SKUs whose stray claims were released. */
  released: string[];
  /** The category names (in lower case) whose stray claims were released. */
  releasedCategories: string[];
  /** Competitor URL claims released that no URL of their product held. */
  releasedUrls: number;
}

/**
 * The claim repairs, on one scan of the table's claims (`npm run repair:claims`, the local start):
 * folds competitor URL claims of the earlier design into their product's set (decision 60), then
 * releases the SKU, category name and URL claims nothing holds, leaving those younger than `minAgeMs`.
 */
export async function repairClaims(minAgeMs: number): Promise<ClaimRepairs> {
  const claims = await scanClaims();
  const folded = await migrateUrlClaims(claims);
  const claimedBefore = nowIso(Date.now() - minAgeMs);
  const released = await releaseStrayClaims(claims.filter(isSkuClaim), claimedBefore, {
    list: listProducts,
    get: getProduct,
    holds: holdsSkuClaim,
  });
  const releasedCategories = await releaseStrayClaims(claims.filter(isCategoryNameClaim), claimedBefore, {
    list: listCategories,
    get: getCategory,
    holds: holdsCategoryNameClaim,
  });
  const sets = claims.map(urlClaimSet).filter((set) => set !== undefined);
  return {
    folded,
    released: released.map(claimedSku),
    releasedCategories: releasedCategories.map(claimedCategoryName),
    releasedUrls: await releaseStrayUrlClaims(sets, claimedBefore),
  };
}

/**
 * Releases the URL keys a product's set holds with no URL of the product behind them: a URL write
 * cut off after its claim left them, and the product would refuse that URL for good. A set claimed
 * from after `claimedBefore` is left (that URL may be on its way), and so is one claimed from while
 * this looked. Returns how many keys went.
 */
async function releaseStrayUrlClaims(sets: readonly UrlClaimSet[], claimedBefore: string): Promise<number> {
  const settled = sets.filter(
    (set) => set.keys.size > 0 && !(set.claimedAt && set.claimedAt >= claimedBefore),
  );
  if (settled.length === 0) return 0;
  // One list of every URL (not a query per product): the start of a 10,000-product catalogue.
  const held = new Map<number, Set<string>>();
  for (const url of await listCompetitorUrls()) {
    const keys = held.get(url.product_id) ?? new Set<string>();
    held.set(url.product_id, keys.add(urlKey(url.url)));
  }
  let released = 0;
  for (const { productId, keys, claimedAt } of settled) {
    const stray = [...keys].filter((key) => !held.get(productId)?.has(key));
    if (stray.length > 0 && (await releaseUrlKeysUnlessClaimedSince(productId, stray, claimedAt)))
      released += stray.length;
  }
  return released;
}

/**
 * Releases the claims among `claims` (SKUs, category names) that no owner holds: the owner is gone
 * or carries another value. They would otherwise refuse that value for good: racing renames left
 * them before writes were versioned, and a write cut off half-way still can. A claim made after
 * `claimedBefore` is left, as the write that made it may still be on its way. Returns the released.
 */
async function releaseStrayClaims<T extends { id: number }>(
  claims: readonly Claim[],
  claimedBefore: string,
  owners: {
    list: () => Promise<T[]>;
    get: (id: number) => Promise<T | undefined>;
    holds: (owner: T | undefined, claim: Claim) => boolean;
  },
): Promise<Claim[]> {
  if (claims.length === 0) return [];
  const listed = new Map((await owners.list()).map((owner) => [owner.id, owner]));
  const released: Claim[] = [];
  for (const claim of claims) {
    if (owners.holds(listed.get(claim.ownerId), claim)) continue;
    // The list comes from an index that may lag a fresh write on AWS: the item itself decides.
    if (owners.holds(await owners.get(claim.ownerId), claim)) continue;
    if (await releaseUnique(claim.key, claim.ownerId, claimedBefore)) released.push(claim);
  }
  return released;
}

import { nowIso } from '../data/dynamo';
import {
  claimedSku,
  getProduct,
  holdsSkuClaim,
  isSkuClaim,
  listProducts,
  releaseSkuClaim,
} from '../data/product.repository';
import { type Claim, scanClaims } from '../data/unique-claim';
import { migrateUrlClaims } from '../data/url-claims';
import { byId } from './products';

/**
 * The claim repairs, on one scan of the table's claims (`npm run repair:claims`, the local start):
 * folds competitor URL claims of the earlier design into their product's set (decision 60), then
 * releases the SKU claims no product holds, leaving those younger than `minAgeMs`.
 */
export async function repairClaims(minAgeMs: number): Promise<{ folded: number; released: string[] }> {
  const claims = await scanClaims();
  const folded = await migrateUrlClaims(claims);
  return { folded, released: await releaseStraySkuClaims(minAgeMs, claims.filter(isSkuClaim)) };
}

/**
 * Releases the SKU claims among `claims` no product holds (their product is gone or carries another SKU), which
 * would otherwise refuse that SKU for good: racing renames left them before product writes were
 * versioned, and a write cut off half-way still can. A claim younger than `minAgeMs` is left, as
 * the write that made it may still be on its way. Returns the released SKUs.
 */
async function releaseStraySkuClaims(minAgeMs: number, claims: readonly Claim[]): Promise<string[]> {
  const claimedBefore = nowIso(Date.now() - minAgeMs);
  const products = byId(await listProducts());
  const released: string[] = [];
  for (const claim of claims) {
    if (holdsSkuClaim(products.get(claim.ownerId), claim)) continue;
    // The list comes from an index that may lag a fresh write on AWS: the item itself decides.
    if (holdsSkuClaim(await getProduct(claim.ownerId), claim)) continue;
    if (await releaseSkuClaim(claim, claimedBefore)) released.push(claimedSku(claim));
  }
  return released;
}

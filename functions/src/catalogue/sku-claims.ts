import { nowIso } from '../data/dynamo';
import {
  claimedSku,
  getProduct,
  holdsSkuClaim,
  listProducts,
  releaseSkuClaim,
  scanSkuClaims,
} from '../data/product.repository';
import { byId } from './products';

/**
 * Releases the SKU claims no product holds (their product is gone or carries another SKU), which
 * would otherwise refuse that SKU for good: racing renames left them before product writes were
 * versioned, and a write cut off half-way still can. A claim younger than `minAgeMs` is left, as
 * the write that made it may still be on its way. Returns the released SKUs.
 */
export async function releaseStraySkuClaims(minAgeMs: number): Promise<string[]> {
  const claimedBefore = nowIso(Date.now() - minAgeMs);
  const claims = await scanSkuClaims();
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

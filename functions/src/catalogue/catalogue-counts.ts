import { recount } from '../data/catalogue-counts.repository';
import { countCompetitorUrlItems } from '../data/competitor-url.repository';
import { countProductItems } from '../data/product.repository';

/** Puts the kept catalogue counts right from COUNT queries (see catalogue-counts.repository). */
export async function recountCatalogue(): Promise<void> {
  await Promise.all([
    recount('products', countProductItems),
    recount('competitor_urls', countCompetitorUrlItems),
  ]);
}

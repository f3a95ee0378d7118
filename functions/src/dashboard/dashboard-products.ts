import { type CompetitorObservation, comparePrices, type DashboardProduct } from '@cmp/shared';
import { catalogueRecords } from '../catalogue/catalogue-records';
import { byId, toProduct } from '../catalogue/products';
import { acceptedPrice, lastCheckOf } from '../catalogue/url-check-view';
import { settingsSection, shopConfigSchema } from '../config';
import type { CompetitorUrlRecord } from '../data/competitor-url.repository';
import { priceConfidenceFloor } from '../scrape-run/check-success';

const shopSettings = settingsSection('shop', shopConfigSchema);

/**
 * A URL as the comparison sees it: its accepted price when it has one (a newer check held for
 * review, failed or blocked leaves it standing), else its latest check's price, shown only.
 */
function observationOf(url: CompetitorUrlRecord): CompetitorObservation {
  const latest = url.latest;
  const accepted = acceptedPrice(url);
  const shown = accepted ?? latest;
  return {
    competitor_url_id: url.id,
    competitor_name: url.competitor_name,
    url: url.url,
    price: shown?.price ?? null,
    currency: shown?.currency ?? null,
    in_stock: shown?.in_stock ?? null,
    confidence: shown?.confidence ?? null,
    scraped_at: shown?.scraped_at ?? null,
    error_message: latest?.error_message ?? null,
    ungrounded: !accepted && (latest?.ungrounded ?? false),
    accepted: accepted !== null,
    last_check: lastCheckOf(url),
  };
}

/**
 * The visible products with their comparison against the cheapest competitor. Three list queries
 * (products, categories, competitor URLs with their latest observation), however big the catalogue,
 * or only what changed when the answer cache builds it (catalogue-records.ts).
 */
export async function getDashboardProducts(): Promise<DashboardProduct[]> {
  const records = catalogueRecords();
  const [products, categories, urls] = await Promise.all([
    records.products(),
    records.categories(),
    records.urls(),
  ]);
  const categoryById = byId(categories);
  const urlsByProduct = new Map<number, CompetitorUrlRecord[]>();
  for (const url of urls) {
    const ofProduct = urlsByProduct.get(url.product_id);
    if (ofProduct) ofProduct.push(url);
    else urlsByProduct.set(url.product_id, [url]);
  }
  return products
    .filter((product) => !product.hidden)
    .map((product) => {
      const observations = (urlsByProduct.get(product.id) ?? []).map(observationOf);
      const { comparison, best } = comparePrices(
        product.current_price,
        observations,
        shopSettings().SHOP_CURRENCY,
        priceConfidenceFloor(),
      );
      return {
        ...toProduct(product, categoryById),
        price_comparison: comparison,
        bestCompetitor: best ? { url: best.url, competitor_name: best.competitor_name } : null,
      };
    });
}

import {
  type CompetitorPrice,
  compareJudgedPrices,
  type DashboardProduct,
  type Judging,
  judgePrice,
} from '@cmp/shared';
import { catalogueRecords } from '../catalogue/catalogue-records';
import { byId, categoryOf, toProduct } from '../catalogue/products';
import { acceptedPrice, lastCheckOf } from '../catalogue/url-check-view';
import { settingsSection, shopConfigSchema } from '../config';
import type { ComparisonInputs } from '../data/catalogue-version.repository';
import type { CategoryRecord } from '../data/category.repository';
import type { CompetitorUrlRecord } from '../data/competitor-url.repository';
import type { ProductRecord } from '../data/product.repository';
import { keepSerialised } from '../lib/kept-json';
import { priceConfidenceFloor } from '../scrape-run/check-success';

const shopSettings = settingsSection('shop', shopConfigSchema);

/**
 * A URL as the comparison sees it: its accepted price when it has one (a newer check held for
 * review, failed or blocked leaves it standing), else its latest check's price, shown only; judged
 * by the shop's rules (judgePrice).
 */
export function competitorPriceOf(url: CompetitorUrlRecord, judging: Judging): CompetitorPrice {
  const latest = url.latest;
  const accepted = acceptedPrice(url);
  const shown = accepted ?? latest;
  const price = {
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
    ...(url.price_pin ? { picked_by: url.price_pin.picked_by } : {}),
  };
  judgePrice(price, judging);
  return price;
}

/** The judging of the shop's settings and these inputs, with a key equal for equal judgings. */
export function judgingOf(inputs: ComparisonInputs): { judging: Judging; key: string } {
  const currency = shopSettings().SHOP_CURRENCY;
  const floor = priceConfidenceFloor();
  const judging: Judging = {
    currency,
    floor,
    inStockOnly: inputs.settings.compare_in_stock_only,
    withShipping: inputs.settings.compare_with_shipping,
    rates: inputs.rates,
    shipping: inputs.shipping,
  };
  return { judging, key: `${currency} ${floor} ${inputs.key}` };
}

/** What a row was built from, and the row: reused while each is the same object and the settings agree. */
interface KeptRow {
  category: CategoryRecord | undefined;
  /** What the row was judged by (judgingKey). */
  judged: string;
  urls: readonly CompetitorUrlRecord[];
  row: DashboardProduct;
}

/**
 * The rows of the last builds, by product record. The records kept per container are replaced
 * when they change, never changed in place (catalogue-records.ts), so a row whose product, category
 * and URLs are the same objects as last time is the same row: an edit rebuilds one row, not 10,000,
 * and serialises one (keepSerialised). Rows are never changed once built.
 */
const keptRows = new WeakMap<ProductRecord, KeptRow>();

/**
 * Rows are serialised in groups of products with neighbouring ids (keepSerialised): an edit
 * serialises 32 rows. A group's JSON (about 75 KB) stays under V8's large-object size (128 KB):
 * JSON.stringify built 256-row groups' 600 KB strings at about half the speed.
 */
const ROWS_PER_GROUP = 32;

const sameObjects = (a: readonly unknown[], b: readonly unknown[]) =>
  a.length === b.length && a.every((item, i) => item === b[i]);

function rowOf(
  product: ProductRecord,
  categoryById: ReadonlyMap<number, CategoryRecord>,
  urls: readonly CompetitorUrlRecord[],
  inputs: ComparisonInputs,
): DashboardProduct {
  const category = categoryOf(product, categoryById);
  const { judging, key } = judgingOf(inputs);
  const kept = keptRows.get(product);
  if (kept && kept.category === category && kept.judged === key && sameObjects(kept.urls, urls))
    return kept.row;
  const { comparison, best } = compareJudgedPrices(
    product.current_price,
    urls.map((url) => competitorPriceOf(url, judging)),
  );
  const row: DashboardProduct = Object.assign(toProduct(product, categoryById), {
    price_comparison: comparison,
    bestCompetitor: best ? { url: best.url, competitor_name: best.competitor_name } : null,
  });
  keptRows.set(product, { category, urls, judged: key, row });
  keepSerialised(row, Math.floor(product.id / ROWS_PER_GROUP));
  return row;
}

/**
 * A product's place in the dashboard's list (list-pages.ts): what its filters, search and name or
 * SKU sort read, straight from the records, and its row built when first asked for (a status or
 * difference sort or filter asks every row's). Right after a run every row changes; the first page
 * in catalogue order then builds its 20 rows, not 100,000.
 */
export class ComparisonEntry {
  readonly id: number;
  readonly name: string;
  readonly sku: string;
  readonly category_id: number | null;
  readonly hidden: boolean;
  private built: DashboardProduct | undefined;

  constructor(
    private readonly product: ProductRecord,
    private readonly categoryById: ReadonlyMap<number, CategoryRecord>,
    private readonly urls: readonly CompetitorUrlRecord[],
    private readonly inputs: ComparisonInputs,
  ) {
    this.id = product.id;
    this.name = product.name;
    this.sku = product.sku;
    this.category_id = categoryOf(product, categoryById)?.id ?? null;
    this.hidden = product.hidden === true;
  }

  get price_comparison(): DashboardProduct['price_comparison'] {
    return this.row().price_comparison;
  }

  row(): DashboardProduct {
    this.built ??= rowOf(this.product, this.categoryById, this.urls, this.inputs);
    return this.built;
  }
}

/**
 * Every product, hidden ones included, in catalogue order, each with its comparison against the
 * cheapest competitor to build. Three list queries (products, categories, competitor URLs with
 * their latest observation), however big the catalogue, or only what changed when the answer cache
 * builds it (catalogue-records.ts).
 */
export async function getComparisonList(): Promise<ComparisonEntry[]> {
  const records = catalogueRecords();
  const [products, categories, urls, inputs] = await Promise.all([
    records.products(),
    records.categories(),
    records.urls(),
    records.comparison(),
  ]);
  const categoryById = byId(categories);
  const urlsByProduct = new Map<number, CompetitorUrlRecord[]>();
  for (const url of urls) {
    const ofProduct = urlsByProduct.get(url.product_id);
    if (ofProduct) ofProduct.push(url);
    else urlsByProduct.set(url.product_id, [url]);
  }
  return products.map(
    (product) => new ComparisonEntry(product, categoryById, urlsByProduct.get(product.id) ?? [], inputs),
  );
}

/** The products the dashboard shows (the visible ones) with their comparison. */
export async function getDashboardProducts(): Promise<DashboardProduct[]> {
  return (await getComparisonList()).filter((entry) => !entry.hidden).map((entry) => entry.row());
}

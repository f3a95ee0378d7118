import {
  type CompetitorUrl,
  type CompetitorUrlDetail,
  type CompetitorUrlInput,
  countsInComparison,
  type PricePin,
} from '@cmp/shared';
import { competitorPriceOf, judgingOf } from '../dashboard/dashboard-products';
import { readComparisonInputs } from '../data/catalogue-version.repository';
import {
  type CompetitorUrlRecord,
  createCompetitorUrl,
  deleteCompetitorUrlItem,
  getCompetitorUrl,
  listCompetitorUrlsOfProduct,
  updateCompetitorUrl,
} from '../data/competitor-url.repository';
import { deletePriceRecordsOfUrl, latestPriceRecords, toPriceData } from '../data/price-record.repository';
import { getProduct, type ProductRecord } from '../data/product.repository';
import { type PricePinRecord, writePricePin } from '../data/url-price-state.repository';
import { InvalidInputError, NotFoundError } from '../domain/errors';
import { priceConfidenceFloor } from '../scrape-run/check-success';
import { catalogueRecords } from './catalogue-records';
import { checkCompetitorUrl } from './competitor-url-policy';
import { byId, requireProduct } from './products';
import { apiLastCheck } from './url-check-view';
import { competitorUrlsPerProductMax } from './url-limit';

/** How much history the detail view carries (the dialog shows 5, the dashboard's chart more). */
export const PRICE_HISTORY_LIMIT = 100;

function toCompetitorUrl(record: CompetitorUrlRecord, product: ProductRecord | undefined): CompetitorUrl {
  return {
    id: record.id,
    product_id: record.product_id,
    competitor_name: record.competitor_name,
    url: record.url,
    created_at: record.created_at,
    updated_at: record.updated_at,
    product: {
      name: product?.name ?? '',
      sku: product?.sku ?? '',
      current_price: product?.current_price ?? 0,
    },
    last_check: apiLastCheck(record),
    price_pin: record.price_pin ? pinView(record.price_pin) : null,
  };
}

/** The pin as the API shows it: without its locator, an internal detail of the extraction. */
function pinView({ locator: _, ...pin }: PricePinRecord): PricePin {
  return pin;
}

/**
 * A competitor URL's place in its list (list-pages.ts): what its product and host filters read,
 * straight from the record, and its row built when first asked for (a search, an outcome filter or
 * a sort asks every row's). Right after a run every URL's row changes; the first page in catalogue
 * order then builds its 20 rows, not 300,000.
 */
export class CompetitorUrlEntry {
  readonly product_id: number;
  readonly url: string;
  readonly competitor_name: string;
  private built: CompetitorUrl | undefined;

  constructor(
    private readonly record: CompetitorUrlRecord,
    private readonly productRecord: ProductRecord | undefined,
  ) {
    this.product_id = record.product_id;
    this.url = record.url;
    this.competitor_name = record.competitor_name;
  }

  get product(): CompetitorUrl['product'] {
    return this.row().product;
  }

  get last_check(): CompetitorUrl['last_check'] {
    return this.row().last_check;
  }

  row(): CompetitorUrl {
    this.built ??= keptRowOf(this.record, this.productRecord);
    return this.built;
  }
}

/** Every competitor URL with its product, rows to build: two queries (plus one per extra 1 MB page), or only what changed. */
export async function getCompetitorUrlList(): Promise<CompetitorUrlEntry[]> {
  const records = catalogueRecords();
  const [urls, products] = await Promise.all([records.urls(), records.products()]);
  const productById = byId(products);
  return urls.map((url) => new CompetitorUrlEntry(url, productById.get(url.product_id)));
}

/**
 * The rows of the last builds, by URL record. The records kept per container are replaced when
 * they change, never changed in place (catalogue-records.ts), so a URL and product that are the
 * same objects as last time give the same row: an edit builds one row or a product's few, not
 * 300,000 (and leaves that much less garbage). Rows are never changed once built.
 */
const keptRows = new WeakMap<
  CompetitorUrlRecord,
  { product: ProductRecord | undefined; row: CompetitorUrl }
>();

function keptRowOf(url: CompetitorUrlRecord, product: ProductRecord | undefined): CompetitorUrl {
  const kept = keptRows.get(url);
  if (kept && kept.product === product) return kept.row;
  const row = toCompetitorUrl(url, product);
  keptRows.set(url, { product, row });
  return row;
}

export async function getCompetitorUrlsOfProduct(productId: number): Promise<CompetitorUrl[]> {
  const [product, urls] = await Promise.all([
    requireProduct(productId),
    listCompetitorUrlsOfProduct(productId),
  ]);
  return urls.map((url) => toCompetitorUrl(url, product));
}

export async function requireCompetitorUrl(id: number): Promise<CompetitorUrlRecord> {
  const record = await getCompetitorUrl(id);
  if (!record) throw new NotFoundError(`Competitor URL ${id} not found`);
  return record;
}

/** One URL as the lists show it, with its product. */
export async function getCompetitorUrlView(id: number): Promise<CompetitorUrl> {
  const record = await requireCompetitorUrl(id);
  return toCompetitorUrl(record, await getProduct(record.product_id));
}

export async function getCompetitorUrlDetail(id: number): Promise<CompetitorUrlDetail> {
  const record = await requireCompetitorUrl(id);
  const [product, history, inputs] = await Promise.all([
    getProduct(record.product_id),
    latestPriceRecords(id, PRICE_HISTORY_LIMIT),
    readComparisonInputs(),
  ]);
  // The dashboard's judgement of the same price: converted, with shipping, or why not compared.
  const { price, compared_price, currency_mismatch, conversion, stale_rate_date, shipping } =
    competitorPriceOf(record, judgingOf(inputs).judging);
  return {
    ...toCompetitorUrl(record, product),
    price_data: history.map((item) =>
      toPriceData(item, item.outcome === 'ok' && countsInComparison(item, priceConfidenceFloor())),
    ),
    // Fields the judgement left unset are left out of the answer (JSON drops undefined).
    compared:
      price === null ? null : { compared_price, currency_mismatch, conversion, stale_rate_date, shipping },
  };
}

/** Checks the fields against the rules; the product must exist. */
async function checkFields(input: CompetitorUrlInput) {
  const product = await getProduct(input.product_id);
  if (!product) {
    throw new InvalidInputError(`Product ${input.product_id} does not exist`, { field: 'product_id' });
  }
  const fields = {
    product_id: input.product_id,
    competitor_name: input.competitor_name,
    url: checkCompetitorUrl(input.url),
  };
  return { product, fields };
}

export async function addCompetitorUrl(input: CompetitorUrlInput): Promise<CompetitorUrl> {
  const { product, fields } = await checkFields(input);
  return toCompetitorUrl(await createCompetitorUrl(fields, competitorUrlsPerProductMax()), product);
}

export async function editCompetitorUrl(id: number, input: CompetitorUrlInput): Promise<CompetitorUrl> {
  const existing = await requireCompetitorUrl(id);
  const { product, fields } = await checkFields(input);
  const updated = await updateCompetitorUrl(existing, fields, competitorUrlsPerProductMax());
  // A pin names a place on one page: another address is another page.
  if (existing.price_pin && updated.url !== existing.url) {
    await writePricePin(id, null);
    return toCompetitorUrl({ ...updated, price_pin: undefined }, product);
  }
  return toCompetitorUrl(updated, product);
}

/** Deletes the URL's price records first, then the URL. */
export async function removeCompetitorUrl(id: number): Promise<void> {
  const record = await requireCompetitorUrl(id);
  await deletePriceRecordsOfUrl(id);
  await deleteCompetitorUrlItem(record);
}

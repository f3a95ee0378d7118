import { batchPut } from './batch-write';
import { epochSeconds, nowIso, tableName } from './dynamo';
import { queryAll } from './query-all';

/** A product as a competitor's page or feed gives it. */
export interface FoundProductRecord {
  url: string;
  name: string;
  brand: string | null;
  /** Every GTIN/EAN/UPC given, as written. */
  gtins: string[];
  mpn: string | null;
  sku: string | null;
  /** Exact decimal string, or null when none was found. */
  price: string | null;
  currency: string | null;
}

/**
 * What discovery read of a competitor's pages (issue 32), one item per page at
 * `DISCOVERED#<competitor id>` / `<url>`: when it was read, and its product (null: not a product
 * page). Matching reads the competitor's whole partition; a job reads a page again only when it
 * was read more than 7 days before. Kept 90 days after the last read.
 */
export interface DiscoveredPage {
  url: string;
  read_at: string;
  product: FoundProductRecord | null;
  /** `page`: read from the page; `feed`: an item of a feed, whose page was not fetched. */
  source: 'page' | 'feed';
}

const KEEP_DAYS = 90;
const partition = (competitorId: number) => `DISCOVERED#${competitorId}`;

/** Keeps what was read, replacing what an earlier read of the same pages kept. */
export async function putDiscoveredPages(
  competitorId: number,
  pages: readonly Omit<DiscoveredPage, 'read_at'>[],
) {
  const readAt = nowIso();
  const expires = epochSeconds(Date.now() + KEEP_DAYS * 86_400_000);
  await batchPut(
    pages.map((page) => ({
      PK: partition(competitorId),
      SK: page.url,
      ...page,
      read_at: readAt,
      expires_at: expires,
    })),
  );
}

/** Every page kept for the competitor (expired ones left out: dynalite does not expire them). */
export async function listDiscoveredPages(competitorId: number): Promise<DiscoveredPage[]> {
  const now = epochSeconds(Date.now());
  const items = await queryAll({
    TableName: tableName(),
    KeyConditionExpression: 'PK = :pk',
    ExpressionAttributeValues: { ':pk': partition(competitorId) },
  });
  return items
    .filter((item) => Number(item.expires_at ?? Number.POSITIVE_INFINITY) > now)
    .map(({ url, read_at, product, source }) => ({
      url: String(url),
      read_at: String(read_at),
      product: (product ?? null) as FoundProductRecord | null,
      source: source === 'feed' ? 'feed' : 'page',
    }));
}

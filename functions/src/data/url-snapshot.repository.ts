import type { CompetitorUrlRecord } from './competitor-url.repository';
import { epochSeconds } from './dynamo';
import { gzipPiece, putGzipped, readPacked } from './packed-chunks';
import type {
  AcceptedObservation,
  HeldPrice,
  LatestObservation,
  UrlRunState,
} from './url-price-state.repository';

/**
 * A completed run's snapshot of the URLs it checked, as its checks left them (decision 61), at
 * `URL_SNAPSHOT#<run id>` in gzip'd chunks (`PART#<n>`). Only the run's end names it, and only
 * until the URLs change again, so it expires after a week.
 */
const SNAPSHOT_KEEP_DAYS = 7;
const PART_PREFIX = 'PART#';
const partition = (runId: string) => `URL_SNAPSHOT#${runId}`;

/**
 * One URL in the snapshot: [id, latest, accepted, held, consecutive failures], null when absent.
 * Arrays parse faster than objects; an accepted price that is the latest check's (the common case)
 * is `1`, rebuilt from the latest check: it halves what there is to parse.
 */
type Row = [
  number,
  LatestObservation | null,
  AcceptedObservation | 1 | null,
  HeldPrice | null,
  number | null,
];

/** The accepted price a check leaves when it accepts its own price (recordLatestObservation). */
function acceptedOf(latest: LatestObservation): AcceptedObservation | null {
  if (latest.price === null) return null;
  const { run_id, price, currency, in_stock, confidence, scraped_at } = latest;
  return { run_id, price, currency, in_stock, confidence, scraped_at };
}

const sameAccepted = (a: AcceptedObservation, b: AcceptedObservation | null) =>
  b !== null &&
  a.run_id === b.run_id &&
  a.price === b.price &&
  a.currency === b.currency &&
  a.in_stock === b.in_stock &&
  a.confidence === b.confidence &&
  a.scraped_at === b.scraped_at &&
  Object.keys(a).length === 6;

export function encodeSnapshot(states: readonly UrlRunState[]): string {
  const rows: Row[] = states.map(({ id, latest, accepted, held, consecutive_failures }) => [
    id,
    latest ?? null,
    accepted && latest && sameAccepted(accepted, acceptedOf(latest)) ? 1 : (accepted ?? null),
    held ?? null,
    consecutive_failures ?? null,
  ]);
  return JSON.stringify(rows);
}

export function decodeSnapshot(text: string): UrlRunState[] {
  return (JSON.parse(text) as Row[]).map(([id, latest, accepted, held, failures]) => ({
    id,
    latest: latest ?? undefined,
    accepted: (accepted === 1 ? latest && acceptedOf(latest) : accepted) ?? undefined,
    held: held ?? undefined,
    consecutive_failures: failures ?? undefined,
  }));
}

/**
 * Stores the snapshot from its URLs part by part, each part's rows gzipped on their own, so a run of
 * 300,000 URLs never holds them all, nor their JSON: only the gzipped text grows.
 */
export async function putUrlSnapshot(
  runId: string,
  parts: AsyncIterable<readonly UrlRunState[]>,
): Promise<void> {
  const members = [gzipPiece('[')];
  for await (const states of parts) {
    const rows = encodeSnapshot(states).slice(1, -1);
    if (rows) members.push(gzipPiece(members.length > 1 ? `,${rows}` : rows));
  }
  members.push(gzipPiece(']'));
  const expiresAt = epochSeconds(Date.now() + SNAPSHOT_KEEP_DAYS * 86_400_000);
  await putGzipped(partition(runId), PART_PREFIX, members, expiresAt);
}

/** The run's snapshot; undefined when there is none whole (expired, or its writer failed part-way). */
export async function readUrlSnapshot(runId: string): Promise<UrlRunState[] | undefined> {
  const content = await readPacked(partition(runId), PART_PREFIX);
  return content ? decodeSnapshot(content.toString('utf8')) : undefined;
}

/**
 * The URL as a run left it: `state` in place of what the record said of its checks. One literal
 * of every field (absent ones undefined, as the lists read them): spreading and deleting fields of
 * 30,000 records cost several times as much.
 */
export function withRunState(record: CompetitorUrlRecord, state: UrlRunState): CompetitorUrlRecord {
  // Every field named, so a field added to the record must be added here.
  const changed = {
    id: record.id,
    product_id: record.product_id,
    competitor_name: record.competitor_name,
    url: record.url,
    created_at: record.created_at,
    updated_at: record.updated_at,
    latest: state.latest,
    accepted: state.accepted,
    held: state.held,
    rejected: record.rejected,
    consecutive_failures: state.consecutive_failures,
    price_pin: record.price_pin,
  } satisfies Record<keyof CompetitorUrlRecord, unknown>;
  return changed;
}

import type { CompetitorUrlRecord } from './competitor-url.repository';
import { epochSeconds } from './dynamo';
import { type FlatObjects, FlatPacker, FlatReader } from './flat-objects';
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

/**
 * In place of the accepted price: the latest check's own (the common case, rebuilt from it, which
 * halves what there is to read), and no consecutive failures.
 */
const ACCEPTED_IS_LATEST = -2;
const NO_FAILURES = -1;

/**
 * A part of the snapshot: per URL its id, latest check, accepted price, held price and failures
 * in a row, as flat objects (flat-objects.ts). A snapshot is a JSON array of parts.
 */
export function encodeSnapshot(states: readonly UrlRunState[]): FlatObjects {
  const packer = new FlatPacker();
  for (const { id, latest, accepted, held, consecutive_failures } of states) {
    packer.number(id);
    packer.object(latest);
    if (accepted && latest && sameAccepted(accepted, acceptedOf(latest))) packer.number(ACCEPTED_IS_LATEST);
    else packer.object(accepted);
    packer.object(held);
    packer.number(consecutive_failures ?? NO_FAILURES);
  }
  return packer.result();
}

/** The URLs' states in a snapshot's parts; throws when they are not parts encodeSnapshot wrote. */
export function decodeSnapshot(parts: readonly FlatObjects[]): UrlRunState[] {
  const states: UrlRunState[] = [];
  for (const part of parts) {
    const reader = new FlatReader(part);
    while (!reader.done) {
      const id = reader.number();
      const latest = reader.object<LatestObservation>();
      const code = reader.number();
      const accepted =
        code === ACCEPTED_IS_LATEST
          ? ((latest && acceptedOf(latest)) ?? undefined)
          : reader.object<AcceptedObservation>(code);
      const held = reader.object<HeldPrice>();
      const failures = reader.number();
      states.push({
        id,
        latest,
        accepted,
        held,
        consecutive_failures: failures === NO_FAILURES ? undefined : failures,
      });
    }
  }
  return states;
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
    if (states.length === 0) continue;
    const part = JSON.stringify(encodeSnapshot(states));
    members.push(gzipPiece(members.length > 1 ? `,${part}` : part));
  }
  members.push(gzipPiece(']'));
  const expiresAt = epochSeconds(Date.now() + SNAPSHOT_KEEP_DAYS * 86_400_000);
  await putGzipped(partition(runId), PART_PREFIX, members, expiresAt);
}

/**
 * The run's snapshot; undefined when there is none whole (expired, or its writer failed part-way)
 * or it is in a form this code does not read (written before a deploy changed it).
 */
export async function readUrlSnapshot(runId: string): Promise<UrlRunState[] | undefined> {
  const content = await readPacked(partition(runId), PART_PREFIX);
  if (!content) return undefined;
  try {
    return decodeSnapshot(JSON.parse(content.toString('utf8')) as FlatObjects[]);
  } catch {
    return undefined;
  }
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

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

/** The next URL's state from a part's reader. */
function readState(reader: FlatReader): UrlRunState {
  const id = reader.number();
  const latest = reader.object<LatestObservation>();
  const code = reader.number();
  const accepted =
    code === ACCEPTED_IS_LATEST
      ? ((latest && acceptedOf(latest)) ?? undefined)
      : reader.object<AcceptedObservation>(code);
  const held = reader.object<HeldPrice>();
  const failures = reader.number();
  return {
    id,
    latest,
    accepted,
    held,
    consecutive_failures: failures === NO_FAILURES ? undefined : failures,
  };
}

/** Passes over the next URL's state, as readState reads it; returns its id. */
function skipState(reader: FlatReader): number {
  const id = reader.number();
  reader.skipObject();
  const code = reader.number();
  if (code !== ACCEPTED_IS_LATEST) reader.skipObject(code);
  reader.skipObject();
  reader.number();
  return id;
}

/**
 * A snapshot as read: its URLs' ids, in its order, and each one's state made only when asked
 * (decision 72), so the first list call after a run parses the snapshot but makes no state for
 * the URLs no row shows. Checked whole when read: parts that are not what encodeSnapshot wrote
 * throw.
 */
export class PackedSnapshot {
  readonly ids: number[] = [];
  private readonly readers: FlatReader[];
  /** Per URL, in the snapshot's order: its part, and where its state starts there. */
  private readonly partOf: number[] = [];
  private readonly startOf: number[] = [];

  constructor(parts: readonly FlatObjects[]) {
    this.readers = parts.map((part) => new FlatReader(part));
    for (const [part, reader] of this.readers.entries())
      while (!reader.done) {
        this.partOf.push(part);
        this.startOf.push(reader.position);
        this.ids.push(skipState(reader));
      }
  }

  /** The state of the snapshot's `index`th URL. */
  stateAt(index: number): UrlRunState {
    const reader = this.readers[this.partOf[index] ?? -1];
    if (!reader) throw new RangeError(`The snapshot has no URL ${index}`);
    reader.seek(this.startOf[index] ?? 0);
    return readState(reader);
  }

  /** Every URL's state, in order. */
  states(): UrlRunState[] {
    return this.ids.map((_, index) => this.stateAt(index));
  }
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
export async function readUrlSnapshot(runId: string): Promise<PackedSnapshot | undefined> {
  const content = await readPacked(partition(runId), PART_PREFIX);
  if (!content) return undefined;
  try {
    return new PackedSnapshot(JSON.parse(content.toString('utf8')) as FlatObjects[]);
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

/**
 * The URL as a run left it, the state read from the run's snapshot when first asked for: the
 * record's other fields are its own, copied. The lists treat it as any record (they read fields,
 * never spread a kept record); it makes one small object per URL where withRunState's records,
 * with their checks' objects, made four.
 */
class SnapshotUrlRecord implements CompetitorUrlRecord {
  readonly id: number;
  readonly product_id: number;
  readonly competitor_name: string;
  readonly url: string;
  readonly created_at: string;
  readonly updated_at: string;
  readonly rejected: CompetitorUrlRecord['rejected'];
  readonly price_pin: CompetitorUrlRecord['price_pin'];
  // Private fields: not the record's own enumerable data, as a copy or JSON would show it.
  readonly #snapshot: PackedSnapshot;
  readonly #index: number;
  #state: UrlRunState | undefined;

  constructor(record: CompetitorUrlRecord, snapshot: PackedSnapshot, index: number) {
    this.#snapshot = snapshot;
    this.#index = index;
    // Every field but the run's named, so a field added to the record must be added here.
    this.id = record.id;
    this.product_id = record.product_id;
    this.competitor_name = record.competitor_name;
    this.url = record.url;
    this.created_at = record.created_at;
    this.updated_at = record.updated_at;
    this.rejected = record.rejected;
    this.price_pin = record.price_pin;
  }

  #read(): UrlRunState {
    this.#state ??= this.#snapshot.stateAt(this.#index);
    return this.#state;
  }

  get latest() {
    return this.#read().latest;
  }

  get accepted() {
    return this.#read().accepted;
  }

  get held() {
    return this.#read().held;
  }

  get consecutive_failures() {
    return this.#read().consecutive_failures;
  }
}

// Every field of the record is one of the class's, so a field added to the record must be added there.
true satisfies [keyof CompetitorUrlRecord] extends [keyof SnapshotUrlRecord] ? true : never;

/** The URL as a run left it: the snapshot's `index`th state in place of the record's. */
export const withSnapshotState = (
  record: CompetitorUrlRecord,
  snapshot: PackedSnapshot,
  index: number,
): CompetitorUrlRecord => new SnapshotUrlRecord(record, snapshot, index);
